import Synchronization
#if canImport(Glibc)
import Glibc
#endif

private let interruptionRequested = Atomic<Bool>(false)

/// SIGINT, SIGTERM, SIGHUP (a closed terminal) and SIGQUIT (Ctrl-\) ask a run to stop after the current case and write
/// what it has, marked incomplete.
public enum Interruption {
    /// Installs the handlers and unblocks the three signals: a process started by another program (a test runner, a CI
    /// agent) may inherit a mask that blocks them, and a blocked SIGINT would never reach the handler.
    public static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(signalNumber) { _ in interruptionRequested.store(true, ordering: .relaxed) }
        }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        sigaddset(&unblock, SIGHUP)
        sigaddset(&unblock, SIGQUIT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    public static var requested: Bool { interruptionRequested.load(ordering: .relaxed) }
}
