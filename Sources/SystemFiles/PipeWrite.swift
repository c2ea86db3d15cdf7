#if canImport(Glibc)
import Glibc
#endif

/// Writing into a pipe whose reader may have gone, such as a child process that has ended.
public enum PipeWrite {
    /// Writes all of `bytes` to `descriptor`, the write end of a pipe, retrying short writes and EINTR. A pipe whose
    /// reader has gone raises SIGPIPE, which would end this process at once: the signal is blocked on this thread for
    /// the write and a pending one taken back, so the write throws EPIPE instead.
    public static func write(_ bytes: [UInt8], to descriptor: Int32, what: String) throws(SystemError) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var taken: Int32 = 0
                sigwait(&pipeSignal, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        try RawFile.writeAll(bytes, to: descriptor, path: what)
    }
}
