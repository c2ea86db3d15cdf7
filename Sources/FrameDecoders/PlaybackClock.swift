/// The time a playback runs on, in seconds: the monotonic clock when frames are really decoded and shown, a
/// ``VirtualClock`` when a replay plays traced decode costs. A display link reads it and sleeps on it; nothing else
/// about a player changes between the two.
public protocol PlaybackClock {
    /// The current time.
    func now() -> Double
    /// Returns once the clock reads `seconds` (at once if that is past).
    func sleep(until seconds: Double)
}
