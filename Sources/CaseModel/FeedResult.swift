import MemoryProbe

/// What one feed measured, from its child process. Memory figures are bytes, times seconds.
public struct FeedResult: Sendable, Codable {
    public var feed: FeedCase
    /// Why the feed could not be measured; nil when it was.
    public var failure: String?
    /// The peak of the allocated bytes read at every display tick and event (``AllocationLedger``, anchored to
    /// jemalloc's `stats.allocated`), and the kernel's peak RSS (VmHWM).
    public var allocatedPeak = 0
    public var rssPeak = 0
    /// Readings taken, and the largest gap between the ledger and `stats.allocated` where both were read (the
    /// threads' caches): how far the cheap readings can be trusted.
    public var memoryReadings = 0
    public var ledgerDrift = 0
    /// `stats.allocated` before the first player entered and after the last one left (after a purge).
    public var allocatedAtStart = 0
    public var allocatedAtEnd = 0
    /// The whole process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`) and the wall time of the feed.
    public var cpuSeconds = 0.0
    public var wallSeconds = 0.0
    /// The harness's own CPU: the display link's thread besides the players' calls on it, which includes reading
    /// memory at every tick and event (there is no sampler thread).
    public var harnessCPUSeconds = 0.0
    public var ticks = 0
    public var missedTicks = 0
    public var poolWidth = 0
    /// The most frames decoded at once across every player's queue.
    public var poolMaxRunning = 0
    public var poolTasks = 0
    public var players: [FeedPlayerSummary] = []
    public var events: [FeedEvent] = []
    /// Memory over the feed, sample times in seconds from the feed's start.
    public var timeline: [MemorySample] = []

    public init(feed: FeedCase, failure: String? = nil) {
        self.feed = feed
        self.failure = failure
    }

    /// Bytes still allocated after every player left: a leak when well above 0.
    public var retainedAfterLeave: Int { allocatedAtEnd - allocatedAtStart }
    /// The feed's CPU per second of one player's animation.
    public var cpuPerAnimationSecond: Double { animationSeconds > 0 ? cpuSeconds / animationSeconds : 0 }
    /// The harness's share of the feed's CPU.
    public var harnessShare: Double { cpuSeconds > 0 ? harnessCPUSeconds / cpuSeconds : 0 }
}

extension FeedResult: FeedPlayerFigures {}

/// The figures over a feed's players, alike for a measured feed and a replayed one.
public protocol FeedPlayerFigures {
    var players: [FeedPlayerSummary] { get }
}

extension FeedPlayerFigures {
    /// Each player's most decoded frames alive at once, summed over the players.
    public var heldFramesMaxSum: Int { players.reduce(0) { $0 + $1.heldFramesMax } }
    public var stalls: Int { players.reduce(0) { $0 + $1.stalls } }
    public var worstPlayerStalls: Int { players.map(\.stalls).max() ?? 0 }
    public var droppedFrames: Int { players.reduce(0) { $0 + $1.droppedFrames } }
    public var worstPlayerDropped: Int { players.map(\.droppedFrames).max() ?? 0 }
    public var latenessSeconds: Double { players.reduce(0) { $0 + $1.latenessSeconds } }
    public var worstPlayerLatenessSeconds: Double { players.map(\.latenessSeconds).max() ?? 0 }
    /// Seconds of animation shown, summed over the players.
    public var animationSeconds: Double { players.reduce(0) { $0 + $1.animationSeconds } }
    /// The slowest first frame of any player after it entered.
    public var worstFirstFrameSeconds: Double { players.compactMap(\.firstFrameSeconds).max() ?? 0 }
}
