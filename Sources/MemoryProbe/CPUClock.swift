#if canImport(Glibc)
import Glibc
#endif

/// CPU and wall time of this process at one instant, in seconds, and the counts the kernel keeps beside them.
public struct CPUTimes: Sendable, Hashable, Codable {
    /// User CPU time of all threads (`getrusage`).
    public var user: Double
    /// System CPU time of all threads (`getrusage`).
    public var system: Double
    /// `CLOCK_PROCESS_CPUTIME_ID`: CPU time of all threads, at nanosecond resolution.
    public var process: Double
    /// `CLOCK_MONOTONIC`.
    public var wall: Double
    /// Minor page faults of all threads (`getrusage`'s `ru_minflt`): pages the kernel mapped (and zeroed) on first
    /// touch. Instructions cannot see them; a frame buffer given back to the kernel and touched again can.
    public var minorFaults: Double = 0
    /// Voluntary context switches (`ru_nvcsw`): a thread gave up the CPU, waiting on a lock, a condition or I/O.
    public var voluntarySwitches: Double = 0

    /// Reads all four clocks now.
    public static func now() -> CPUTimes {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return CPUTimes(
            user: seconds(usage.ru_utime),
            system: seconds(usage.ru_stime),
            process: clock(CLOCK_PROCESS_CPUTIME_ID),
            wall: clock(CLOCK_MONOTONIC),
            minorFaults: Double(usage.ru_minflt), voluntarySwitches: Double(usage.ru_nvcsw))
    }

    /// Seconds on the monotonic clock; for timing single steps.
    public static func monotonic() -> Double { clock(CLOCK_MONOTONIC) }

    /// The time spent between `earlier` and `self`.
    public func since(_ earlier: CPUTimes) -> CPUTimes {
        CPUTimes(user: user - earlier.user, system: system - earlier.system,
                 process: process - earlier.process, wall: wall - earlier.wall,
                 minorFaults: minorFaults - earlier.minorFaults,
                 voluntarySwitches: voluntarySwitches - earlier.voluntarySwitches)
    }

    private static func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }

    private static func clock(_ id: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(id, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
