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
    public var answers: [GIFAnswer]

    public init(loops: Int, largestWindow: Int, answers: [GIFAnswer]) {
        self.loops = loops
        self.largestWindow = largestWindow
        self.answers = answers
    }
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
    /// The player's decoding CPU per loop: traced costs of the decodes it ran.
    public var cpuPerLoopSeconds: Double
}
