#if canImport(Glibc)
import Glibc
#endif
import FrameDecoders
import GIFCodec
import PosixThreads

/// What pacing does to a decode's cost: a throughput case decodes frames back to back, on a core kept busy and caches
/// kept warm, while playback decodes one frame a delay, on a core that idled since the last. After the measured
/// interval, a few frames (from frame 1; frame 0 draws the whole canvas) are decoded with a fresh compositor and copied
/// into a buffer, back to back, then again each after sleeping its delay, each timed on the thread's own clock. The
/// replay charges every background decode the ratio of the two medians (``FrameCostTrace/pacingFactor``).
enum PacedDecodeProbe {
    static let mostFrames = FrameCostTrace.pacingProbeFrames
    static let sleepBudgetSeconds = FrameCostTrace.pacingProbeSleepSeconds

    static func measure(_ container: any AnimationContainer, codec: LZWCodec,
                        limits: DecodeLimits) throws(GIFError) -> (backToBack: [Int], paced: [Int])? {
        guard container.frameCount >= 2 else { return nil }
        let delays = container.delays.map(\.effectiveSeconds)
        var frames: [Int] = []
        var slept = 0.0
        for frame in 1..<container.frameCount where frames.count < mostFrames {
            if frames.count >= 3 && slept + delays[frame - 1] > sleepBudgetSeconds { break }
            frames.append(frame)
            slept += delays[frame - 1]
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(container.frameBytes, 1), alignment: 64)
        defer { buffer.deallocate() }
        func decode(sleeping: Bool) throws(GIFError) -> [Int] {
            let compositor = try container.makeCompositor(limits: limits, codec: codec)
            _ = try compositor.composite(frame: 0)
            var costs: [Int] = []
            for frame in frames {
                if sleeping { sleep(seconds: delays[frame - 1]) }
                let start = ThreadCPUClock.now()
                _ = try compositor.composite(frame: frame)
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: compositor.pixels.prefix(buffer.count)))
                costs.append(Int(((ThreadCPUClock.now() - start) * 1e9).rounded()))
            }
            return costs
        }
        return (try decode(sleeping: false), try decode(sleeping: true))
    }

    private static func sleep(seconds: Double) {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}
