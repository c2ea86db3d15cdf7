import FrameDecoders
import MemoryProbe
#if canImport(Glibc)
import Glibc
#endif

/// Absolute sleeps on the monotonic clock, the time base of a display link.
public enum DisplayClock {
    /// Sleeps until the monotonic clock reads `seconds` (returns at once if that is past).
    public static func sleep(until seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let seconds = min(seconds, 1e12)
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }
}

/// The clock a real playback runs on: the monotonic clock, slept on with ``DisplayClock``.
public struct MonotonicClock: PlaybackClock {
    public init() {}
    public func now() -> Double { CPUTimes.monotonic() }
    public func sleep(until seconds: Double) { DisplayClock.sleep(until: seconds) }
}
