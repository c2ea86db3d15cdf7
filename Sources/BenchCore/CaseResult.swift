import MemoryProbe

/// What one case measured: one CSV row. Field names follow the CSV columns (README, "Report columns").
public struct CaseResult: Sendable, Codable {
    public var benchCase: BenchCase
    /// `nil` when the case ran; otherwise why it failed (crash, timeout, bad input).
    public var failure: String?

    public var width = 0
    public var height = 0
    public var frames = 0
    public var fileBytes = 0

    public var cpuUserSeconds = 0.0
    public var cpuSystemSeconds = 0.0
    public var cpuTotalSeconds = 0.0
    public var wallSeconds = 0.0

    public var jemallocAllocatedPeakBytes = 0
    public var jemallocActivePeakBytes = 0
    public var jemallocResidentPeakBytes = 0
    public var rssPeakBytes = 0
    /// VmRSS of the child before the decoder was built (runtime, libraries, the GIF bytes).
    public var rssStartBytes = 0
    public var frameBytesTheoretical = 0
    public var retainedAfterReleaseBytes = 0
    public var mallocCount: UInt64 = 0

    public var firstFrameSeconds = 0.0
    public var frameDecodeP50Seconds = 0.0
    public var frameDecodeP99Seconds = 0.0
    public var stalls = 0
    /// Real-time mode: total and 99th-percentile lateness of frames past their display tick, in seconds.
    public var latenessTotalSeconds = 0.0
    public var latenessP99Seconds = 0.0
    /// Seconds of animation played (effective delays ÷ speed, over all loops).
    public var animationSeconds = 0.0
    /// Frames that came out partial (bad data), over all loops.
    public var partialFrames = 0
    /// The file ends before its trailer: the frames before the cut play, the cut frame as far as its data goes.
    public var truncated = false
    public var framesHash = ""
    /// FNV-1a 64 of the GIF file's bytes: frames are compared with a baseline's only for the same bytes.
    public var gifBytesHash: String?

    public var samplerSamples = 0
    /// Instructions executed by the case's child under Valgrind (`bench run --instructions`), when counted.
    public var instructions: Int?
    public var timeline: MemoryTimeline?

    public init(benchCase: BenchCase, failure: String? = nil) {
        self.benchCase = benchCase
        self.failure = failure
    }

    /// CPU seconds per loop of playback, decoding included.
    public var cpuPerLoopSeconds: Double { cpuTotalSeconds / Double(max(benchCase.loops, 1)) }

    /// CPU seconds per second of animation played.
    public var cpuPerAnimationSecond: Double { animationSeconds > 0 ? cpuTotalSeconds / animationSeconds : 0 }
}
