import BenchCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

private let interruptionRequested = Atomic<Bool>(false)

/// SIGINT and SIGTERM ask a run to stop after the current case and write what it has, marked incomplete.
public enum Interruption {
    public static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in interruptionRequested.store(true, ordering: .relaxed) }
        }
    }

    public static var requested: Bool { interruptionRequested.load(ordering: .relaxed) }
}
