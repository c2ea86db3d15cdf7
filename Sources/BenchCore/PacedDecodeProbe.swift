#if canImport(Glibc)
import Glibc
#endif
import FrameDecoders
import GIFCodec
import PosixThreads

/// What pacing does to a decode's cost: a throughput case decodes frames back to back, on a core kept busy and caches
/// kept warm, while playback decodes one frame a delay, on a core that idled since the last. After the measured
/// interval, frames spread over the animation (``PacingFactors/probeFrames(delays:)``) are decoded with a fresh
/// compositor, each after sleeping its delay (at most ``FrameCostTrace/pacingProbeLongestSleep``), and copied into the
/// next of a few buffers in turn, as a window's slots are, each step timed on the thread's own clock; the frames
/// between are composited back to back, untimed, as the compositor needs them. The replay charges every background
/// decode, step by step, what these cost over the run's trace of the same frames (``PacingFactors``).
enum PacedDecodeProbe {
    /// The buffers the probe copies into in turn: window 2's slots.
    static let buffers = 3

    /// The frames timed, the paced decodes' whole costs and their LZW and copy steps, in nanoseconds; nil for a
    /// single frame.
    static func measure(_ container: any AnimationContainer, codec: LZWCodec, limits: DecodeLimits)
        throws(GIFError) -> (frames: [Int], whole: [Int], lzw: [Int], copy: [Int])? {
        let delays = container.delays.map(\.effectiveSeconds)
        let frames = PacingFactors.probeFrames(delays: delays)
        guard let last = frames.last else { return nil }
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
        var probe: (frames: [Int], whole: [Int], lzw: [Int], copy: [Int]) = (frames, [], [], [])
        for frame in 1...last {
            guard frames.contains(frame) else {
                _ = try compositor.composite(frame: frame)
                continue
            }
            let buffer = buffers[probe.whole.count % buffers.count]
            sleep(seconds: PacingFactors.sleepSeconds(delay: delays[frame - 1]))
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
