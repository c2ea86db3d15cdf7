import FrameDecoders

/// Display ticks every `period` seconds from `start` on the monotonic clock, as CADisplayLink gives them, driving a
/// case's player and a feed's players alike. Ticks at which nothing is due are slept through (a frame shows at the same
/// tick either way, and the harness's wake-ups then follow the frames, not the refresh rate); ticks that pass while a
/// tick's work overruns are skipped, as CADisplayLink skips them, and counted.
struct DisplayLink {
    let start: Double
    let period: Double
    /// The monotonic clock in real time; a replay's virtual clock.
    let clock: any PlaybackClock
    private var index = 0
    /// Ticks the link woke for, and ticks missed because the work of one overran the next.
    private(set) var ticks = 0
    private(set) var missedTicks = 0

    init(start: Double, refreshHz: Double, clock: any PlaybackClock = MonotonicClock()) {
        self.start = start
        period = 1 / refreshHz
        self.clock = clock
    }

    /// Sleeps until the current tick and returns its monotonic time.
    func wait() -> Double {
        let tick = start + Double(index) * period
        clock.sleep(until: tick)
        return tick
    }

    /// The current tick's work is done: moves on to the first tick at or after `needed` (monotonic seconds), or to the
    /// very next one when `needed` is nil, past any the work overran.
    mutating func done(nextNeeded needed: Double?) {
        ticks += 1
        let behind = Int(((clock.now() - start) / period).rounded(.down))
        missedTicks += max(0, behind - (index + 1))
        let neededIndex = needed.map { Int((($0 - start) / period - 1e-9).rounded(.up)) } ?? 0
        index = max(index + 1, behind, neededIndex)
    }
}
