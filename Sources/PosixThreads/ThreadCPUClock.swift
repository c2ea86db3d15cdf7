#if canImport(Glibc)
import Glibc
#endif

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what a piece of work cost on its own
/// thread, whatever else competes for the cores.
public enum ThreadCPUClock {
    /// Seconds of CPU the calling thread has used so far.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
