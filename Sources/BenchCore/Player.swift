import FrameDecoders
import GIFCodec
import MemoryProbe

/// What a playback run observed, apart from memory.
public struct PlaybackObservation: Sendable {
    /// Seconds from `start` until the first frame was in hand.
    public var firstFrameSeconds = 0.0
    /// Per-frame compositing durations of the first loop, in seconds.
    public var decodeSeconds: [Double] = []
    public var partialFrames = 0
}

/// Drives a frame source through whole loops, sampling memory at every frame step.
public struct Player {
    public let source: any AnimatedFrameSource
    public let sampler: MemorySampler?

    /// Frame-step samples closer than this to the previous sample are skipped (the background thread covers them).
    public static let frameSampleGap = 0.002

    public init(source: any AnimatedFrameSource, sampler: MemorySampler?) {
        self.source = source
        self.sampler = sampler
    }

    /// Throughput mode: takes every frame as soon as it can be had, `loops` times over.
    /// `start` is the monotonic time the measured interval began (before the decoder was built).
    public func play(loops: Int, start: Double) throws(GIFError) -> PlaybackObservation {
        var observation = PlaybackObservation()
        observation.decodeSeconds.reserveCapacity(source.frameCount)
        for loop in 0..<loops {
            for index in 0..<source.frameCount {
                let (status, decode) = try source.withFrame(at: index) { view in (view.status, view.decodeSeconds) }
                if loop == 0 && index == 0 { observation.firstFrameSeconds = CPUTimes.monotonic() - start }
                if loop == 0 { observation.decodeSeconds.append(decode) }
                if status != .complete { observation.partialFrames += 1 }
                sampler?.sample(minimumGap: Self.frameSampleGap)
            }
        }
        return observation
    }

    /// Plays one more loop and hashes it: FNV-1a 64 over the frames' own FNV-1a 64 values (8 bytes each,
    /// little-endian). Runs after the measured interval, so hashing costs nothing in the figures.
    public func framesHash() throws(GIFError) -> FrameHash {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(source.frameCount)
        for index in 0..<source.frameCount {
            hashes.append(try source.hash(ofFrame: index).value.littleEndian)
        }
        return hashes.withUnsafeBytes { FrameHash(of: $0) }
    }
}
