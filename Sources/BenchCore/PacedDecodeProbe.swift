#if canImport(Glibc)
import Glibc
#endif
import FrameDecoders
import GIFCodec
import PosixThreads

/// What pacing does to a decode's cost: a throughput case decodes frames back to back, on a core kept busy and caches
/// kept warm, while playback decodes one frame a delay, on a core that idled since the last. After the measured
/// interval, a few frames (from frame 1; frame 0 draws the whole canvas) are decoded with a fresh compositor, each
/// after sleeping its delay, and copied into the next of a few buffers in turn, as a window's slots are, each step
/// timed on the thread's own clock. The replay charges every background decode, step by step, what these cost over
/// the run's trace (``PacingFactors``).
enum PacedDecodeProbe {
    static let mostFrames = FrameCostTrace.pacingProbeFrames
    static let sleepBudgetSeconds = FrameCostTrace.pacingProbeSleepSeconds
    /// The buffers the probe copies into in turn: window 2's slots.
    static let buffers = 3

    /// The paced decodes' whole costs and their LZW and copy steps, in nanoseconds; nil for a single frame.
    static func measure(_ container: any AnimationContainer, codec: LZWCodec,
                        limits: DecodeLimits) throws(GIFError) -> (whole: [Int], lzw: [Int], copy: [Int])? {
        guard container.frameCount >= 2 else { return nil }
        let delays = container.delays.map(\.effectiveSeconds)
        var frames: [Int] = []
        var slept = 0.0
        for frame in 1..<container.frameCount where frames.count < mostFrames {
            if frames.count >= 3 && slept + delays[frame - 1] > sleepBudgetSeconds { break }
            frames.append(frame)
            slept += delays[frame - 1]
        }
        let buffers = (0..<Self.buffers).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: max(container.frameBytes, 1), alignment: 64)
        }
        defer { buffers.forEach { $0.deallocate() } }
        let compositor = try container.makeCompositor(limits: limits, codec: codec)
        compositor.timesLZW = true
        _ = try compositor.composite(frame: 0)
        // Frame 0 into every buffer, untimed: their pages are touched before the first timed copy.
        for buffer in buffers {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: compositor.pixels.prefix(buffer.count)))
        }
        func nanoseconds(_ seconds: Double) -> Int { Int((seconds * 1e9).rounded()) }
        var probe: (whole: [Int], lzw: [Int], copy: [Int]) = ([], [], [])
        for (turn, frame) in frames.enumerated() {
            let buffer = buffers[turn % buffers.count]
            sleep(seconds: delays[frame - 1])
            let start = ThreadCPUClock.now()
            let lzwBefore = compositor.lzwSeconds
            _ = try compositor.composite(frame: frame)
            let drawn = ThreadCPUClock.now()
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: compositor.pixels.prefix(buffer.count)))
            let end = ThreadCPUClock.now()
            probe.whole.append(nanoseconds(end - start))
            probe.lzw.append(nanoseconds(compositor.lzwSeconds - lzwBefore))
            probe.copy.append(nanoseconds(end - drawn))
        }
        return probe
    }

    private static func sleep(seconds: Double) {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}
