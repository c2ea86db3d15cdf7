/// Everything a feed measures, declared once: its CSV column, its unit, which way is better, how a model's
/// repetitions are summarised and what it means. The feed's CSV, its model summaries and `bench schema feed-columns`
/// read this declaration, so a new feed figure is a case here and its reading in ``FeedResult/value(_:)``.
///
/// A figure a case also measures has the case's column (``Measure``): `cpu_total_s`, `stalls`, `dropped_frames`.
/// Six columns were renamed in 0.10.0 to say so; ``formerColumn`` keeps each old name written for that release.
public enum FeedMeasure: String, DeclaredMeasure {
    case poolMaxRunning = "pool_max_running"
    case allocatedPeak = "jemalloc_allocated_peak_bytes"
    case rssPeak = "rss_peak_bytes"
    case heldFramesMaxSum = "held_frames_max_sum"
    case stalls = "stalls"
    case worstPlayerStalls = "stalls_worst_player"
    case droppedFrames = "dropped_frames"
    case worstPlayerDropped = "dropped_worst_player"
    case lateness = "lateness_total_s"
    case worstPlayerLateness = "lateness_worst_player_s"
    case worstFirstFrame = "first_frame_worst_s"
    case cpu = "cpu_total_s"
    case wall = "wall_s"
    case animation = "animation_s"
    case cpuPerAnimationSecond = "cpu_per_animation_s"
    case harnessCPU = "cpu_harness_s"
    case harnessShare = "harness_share"
    case missedTicks = "missed_ticks"
    case allocatedAtStart = "allocated_start_bytes"
    case allocatedAtEnd = "allocated_end_bytes"
    case retainedAfterLeave = "retained_after_leave_bytes"
    case warningAt = "warning_s"
    case warningPlayers = "warning_players"
    case warningFreed = "warning_freed_bytes"

    /// The CSV column.
    public var column: String { rawValue }

    public var unit: MetricUnit {
        switch self {
        case .allocatedPeak, .rssPeak, .allocatedAtStart, .allocatedAtEnd, .retainedAfterLeave, .warningFreed: .bytes
        case .lateness, .worstPlayerLateness, .worstFirstFrame, .cpu, .wall, .animation, .harnessCPU, .warningAt,
             .cpuPerAnimationSecond: .seconds
        case .harnessShare: .ratio
        case .poolMaxRunning, .heldFramesMaxSum, .stalls, .worstPlayerStalls, .droppedFrames, .worstPlayerDropped,
             .missedTicks, .warningPlayers: .count
        }
    }

    /// Which way is better: more animation played and more frames decoded at once are not costs.
    public var polarity: Polarity? {
        switch self {
        case .animation, .poolMaxRunning: .largerIsBetter
        default: .smallerIsBetter
        }
    }

    /// How a model's repetitions make one figure: the median, or for stalls and dropped frames the worst repetition
    /// (one stalling repetition is enough to call a model not smooth).
    public var summarisedByWorst: Bool {
        switch self {
        case .stalls, .worstPlayerStalls, .droppedFrames, .worstPlayerDropped: true
        default: false
        }
    }

    /// Decimals in the CSV; whole numbers for bytes and counts.
    public var digits: Int {
        switch self {
        case .harnessShare: 4
        case .warningAt: 3
        default: unit == .seconds ? 6 : 0
        }
    }

    /// The case's measure of the same figure, whose column and unit this one shares; `nil` for a figure only a feed
    /// has (the pool, the worst player, the memory warning).
    public var caseMeasure: Measure? {
        switch self {
        case .allocatedPeak: .jemallocAllocatedPeak
        case .rssPeak: .rssPeak
        case .stalls: .stalls
        case .droppedFrames: .droppedFrames
        case .lateness: .latenessTotal
        case .cpu: .cpuTotal
        case .wall: .wall
        case .animation: .animation
        case .cpuPerAnimationSecond: .cpuPerAnimationSecond
        case .harnessCPU: .cpuHarness
        default: nil
        }
    }

    /// The column's name before 0.10.0, written beside the new one through the 0.10 releases so a script that reads
    /// the old name keeps working for one release; removed in 0.11.0. `nil` for a column that was not renamed.
    public var formerColumn: String? {
        switch self {
        case .allocatedPeak: "allocated_peak_bytes"
        case .stalls: "stalls_total"
        case .droppedFrames: "dropped_total"
        case .cpu: "cpu_s"
        case .cpuPerAnimationSecond: "cpu_ms_per_animation_s"
        case .harnessCPU: "harness_cpu_s"
        default: nil
        }
    }

    /// How the former column's value is made from this one's: the same figure, except CPU per second of animation,
    /// which was in milliseconds.
    public func formerValue(_ value: Double) -> Double { self == .cpuPerAnimationSecond ? value * 1000 : value }

    /// The former column's decimals (milliseconds had 3).
    public var formerDigits: Int { self == .cpuPerAnimationSecond ? 3 : digits }

    /// What the column holds, in one line.
    public var meaning: String {
        switch self {
        case .poolMaxRunning: "the most frames decoded at once across every player's queue"
        case .allocatedPeak: "peak of jemalloc's allocated bytes, read at every display tick and event"
        case .rssPeak: "the kernel's peak resident set of the feed's process (VmHWM)"
        case .heldFramesMaxSum: "each player's most decoded frames alive at once, summed over the players"
        case .stalls: "deadlines missed by a frame that was not ready, over every player"
        case .worstPlayerStalls: "the stalls of the player that stalled most"
        case .droppedFrames: "frames skipped because they were not decoded in time, over every player"
        case .worstPlayerDropped: "the dropped frames of the player that dropped most"
        case .lateness: "seconds frames were shown late, over every player"
        case .worstPlayerLateness: "the lateness of the latest player"
        case .worstFirstFrame: "the slowest first frame of any player after it entered"
        case .cpu: "the process's CPU time over the feed (CLOCK_PROCESS_CPUTIME_ID)"
        case .wall: "the feed's wall time"
        case .animation: "seconds of animation shown, summed over the players"
        case .cpuPerAnimationSecond: "seconds of the feed's CPU per second of one player's animation"
        case .harnessCPU: "the display link's own CPU besides the players' calls on it, memory readings included"
        case .harnessShare: "the harness's share of the feed's CPU"
        case .missedTicks: "display ticks skipped because the work of a tick overran them, as CADisplayLink skips them"
        case .allocatedAtStart: "jemalloc's allocated bytes before the first player entered"
        case .allocatedAtEnd: "jemalloc's allocated bytes after the last player left (after a purge)"
        case .retainedAfterLeave: "allocated_end_bytes − allocated_start_bytes: a leak when well above 0"
        case .warningAt: "when the memory warning was sent, in seconds from the feed's start (empty without one)"
        case .warningPlayers: "players on screen the memory warning reached (empty without one)"
        case .warningFreed: "bytes the memory warning freed at once (empty without one)"
        }
    }
}

extension FeedResult {
    /// The memory warning's event, when one was delivered.
    public var warning: FeedEvent? { events.first { $0.kind == .memoryWarning } }

    /// The feed's figure for `measure`; nil for a memory warning's figures when none was sent.
    public func value(_ measure: FeedMeasure) -> Double? {
        switch measure {
        case .poolMaxRunning: Double(poolMaxRunning)
        case .allocatedPeak: Double(allocatedPeak)
        case .rssPeak: Double(rssPeak)
        case .heldFramesMaxSum: Double(heldFramesMaxSum)
        case .stalls: Double(stalls)
        case .worstPlayerStalls: Double(worstPlayerStalls)
        case .droppedFrames: Double(droppedFrames)
        case .worstPlayerDropped: Double(worstPlayerDropped)
        case .lateness: latenessSeconds
        case .worstPlayerLateness: worstPlayerLatenessSeconds
        case .worstFirstFrame: worstFirstFrameSeconds
        case .cpu: cpuSeconds
        case .wall: wallSeconds
        case .animation: animationSeconds
        case .cpuPerAnimationSecond: cpuPerAnimationSecond
        case .harnessCPU: harnessCPUSeconds
        case .harnessShare: harnessShare
        case .missedTicks: Double(missedTicks)
        case .allocatedAtStart: Double(allocatedAtStart)
        case .allocatedAtEnd: Double(allocatedAtEnd)
        case .retainedAfterLeave: Double(retainedAfterLeave)
        case .warningAt: warning.map(\.seconds)
        case .warningPlayers: warning?.playersReached.map(Double.init)
        case .warningFreed: warning.map { Double($0.freedBytes) }
        }
    }
}
