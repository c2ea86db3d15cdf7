import FrameDecoders
import GIFCodec

/// The answer a throughput run gives without playing in real time: for each GIF, each way it was played and each
/// speed, the smallest window of the windowed decoder that plays without a stall, and each library's verdict, every
/// setting replayed (``Replay``) from the frame costs the run traced. results.json's `replay`.
public struct ReplayAnswer: Sendable, Codable {
    /// Loops each setting was replayed for: the run's.
    public var loops: Int
    /// The largest window tried before a GIF is said to need more.
    public var largestWindow: Int
    /// The slowdowns the answer names a smallest window at besides 1× (`--margin`); absent in earlier reports.
    public var margins: [Double]?
    public var answers: [GIFAnswer]

    public init(loops: Int, largestWindow: Int, margins: [Double] = [], answers: [GIFAnswer]) {
        self.loops = loops
        self.largestWindow = largestWindow
        self.margins = margins
        self.answers = answers
    }

    /// The slowdown the answer is given at when none is asked: a phone's core decoding about 4 times slower than
    /// this host's, for some 25 animations on screen at once (a GIF keyboard's grid) on one background queue. The
    /// synthetic GIFs' window 1 stays smooth up to 70–700× slower, so a smaller default would repeat the 1× answer
    /// (docs/replay.md).
    public static let defaultMargin = 100.0
}

/// One GIF played one way at one speed.
public struct GIFAnswer: Sendable, Codable {
    public var gif: String
    public var speed: Double
    public var refreshHz: Double
    public var codec: LZWCodec
    public var device: String?
    public var display: DisplaySize?
    /// The rows whose traces the replay played: "windowed w=4, 3 repetitions".
    public var tracedFrom: String
    public var eager: ReplayedSetting
    /// The smallest window that plays without a stall; nil when none up to ``ReplayAnswer/largestWindow`` does.
    public var smallestWindow: ReplayedSetting?
    /// Each window tried at 1×, from 1 up to the smallest smooth one, with its margin; absent in earlier reports.
    public var windows: [ReplayedSetting]?
    /// The smallest window smooth with every decode slower by each of ``ReplayAnswer/margins``.
    public var atMargins: [MarginWindow]?
    /// What a decode paced as playback paces it (each after sleeping its frame's delay) costs over the run's trace,
    /// at least 1: the whole decode's figure of ``pacingByStep``.
    public var pacingFactor: Double?
    /// The same, step by step: every setting but eager is replayed with each traced step at its paced cost
    /// (docs/replay.md); absent in earlier reports.
    public var pacingByStep: PacingFactors?
    /// The fastest and slowest of eager's up-front decodes over the run's repetitions, in seconds: mostly the
    /// kernel's first touch of every frame's pages, which swings with the host's load.
    public var eagerUpFrontSpread: [Double]?
    /// Each library's default, and every library setting the run played.
    public var libraries: [ReplayedSetting]
    /// Every setting the run played this way, replayed: what a real-time run of the same settings is checked against.
    public var measured: [ReplayedSetting]
}

/// A setting replayed, with the memory and CPU it would cost.
public struct ReplayedSetting: Sendable, Codable {
    /// As the tables name it: `windowed w=2`, `kingfisher (10 ahead)`.
    public var label: String
    /// The `--policies` or `--windows` value that plays it.
    public var setting: String
    public var outcome: ReplayOutcome
    /// Peak allocated, estimated: the GIF's measured bytes besides pixels, and the pixels the replay held.
    public var peakAllocatedBytes: Double
    /// Whether it was replayed from its own decodes' costs (the run played it), not another setting's; absent in
    /// earlier reports.
    public var ownCosts: Bool?
    /// How much slower every decode could be before the setting first stalls or drops a frame; nil for a setting
    /// the replay cannot play.
    public var margin: StallMargin?
    /// The decoding CPU paid once, whatever the loops: an up-front decode, a pool filled in the first loop, the first
    /// loop's cold decodes beyond a steady one.
    public var oneTimeSeconds: Double?
    /// The decoding CPU each further loop costs once playback is steady: the replay of one more loop than the run's,
    /// less the run's.
    public var steadyPerLoopSeconds: Double?
    /// Seconds one loop of the animation lasts at this speed.
    public var loopSeconds: Double?

    /// Steady decoding CPU per second of animation.
    public var steadyPerAnimationSecond: Double? {
        guard let steady = steadyPerLoopSeconds, let loop = loopSeconds, loop > 0 else { return nil }
        return steady / loop
    }

    /// After how many loops this setting's decoding CPU, one-time and steady, passes `other`'s (eager's): nil when it
    /// never does (its steady cost is no higher) or a figure is missing.
    public func loopsToPass(_ other: ReplayedSetting) -> Int? {
        guard let oneTime = oneTimeSeconds, let steady = steadyPerLoopSeconds,
              let otherOneTime = other.oneTimeSeconds, let otherSteady = other.steadyPerLoopSeconds,
              steady > otherSteady else { return nil }
        let loops = (otherOneTime - oneTime) / (steady - otherSteady)
        return max(1, Int(loops.rounded(.down)) + 1)
    }
}

/// The smallest window smooth at one slowdown.
public struct MarginWindow: Sendable, Codable {
    /// Every decode this many times slower than traced.
    public var slowdown: Double
    /// Nil when no window up to ``ReplayAnswer/largestWindow`` plays smoothly so.
    public var smallestWindow: ReplayedSetting?
}
