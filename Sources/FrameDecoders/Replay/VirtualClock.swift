/// A clock that moves only when a replay moves it: a sleep jumps to its deadline, and a player waiting for a frame
/// jumps to the moment the frame's traced decode ends. One replay's clock, on one thread.
public final class VirtualClock: PlaybackClock {
    /// Seconds since the replay began.
    public private(set) var seconds: Double

    public init(at seconds: Double = 0) { self.seconds = seconds }

    public func now() -> Double { seconds }

    /// Jumps to `time` unless the clock has passed it.
    public func sleep(until time: Double) { advance(to: time) }

    /// Moves the clock to `time` when that is later.
    public func advance(to time: Double) {
        if time > seconds { seconds = time }
    }

    /// Moves the clock on by `duration` seconds of work done on the playing thread.
    public func spend(_ duration: Double) { seconds += max(0, duration) }
}
