import GIFCodec
import PosixThreads

/// What one frame's decode cost its decoding thread: in all, and, where the decoder times them apart, the LZW decode
/// of the frame's indices and the copy of the canvas into the buffer that keeps the frame (the rest is drawing: the
/// palette lookup, transparency and disposal). A real-time run and a throughput run of the same setting can then
/// be compared step by step.
public struct DecodeCost: Sendable, Hashable {
    /// The whole decode, in seconds.
    public var seconds: Double
    /// The LZW and copy steps, when the decoder timed them (on the same clock as ``seconds``).
    public var steps: Steps?

    /// The two steps a windowed or library-model decoder times apart, in seconds, and the bytes the decoding thread
    /// allocated and freed during the decode (nil when no `ThreadAllocationMeter` is installed).
    public struct Steps: Sendable, Hashable {
        public var lzw: Double
        public var copy: Double
        public var allocatedBytes: Int?
        public var freedBytes: Int?

        public init(lzw: Double, copy: Double, allocatedBytes: Int? = nil, freedBytes: Int? = nil) {
            self.lzw = lzw
            self.copy = copy
            self.allocatedBytes = allocatedBytes
            self.freedBytes = freedBytes
        }
    }

    public init(seconds: Double, steps: Steps? = nil) {
        self.seconds = seconds
        self.steps = steps
    }

    /// The drawing: the whole less the LZW and the copy (the whole when the steps were not timed).
    public var drawSeconds: Double { max(0, seconds - (steps.map { $0.lzw + $0.copy } ?? 0)) }

    /// Times one decode on the calling thread's CPU clock: `composite` draws the frame (its compositor's LZW time
    /// read before and after), `keep` copies it into the buffer that keeps it.
    /// The thread's allocation meter is read on either side, outside the timed span. A compositor that asks for its
    /// decodes to be stretched (``FrameCompositing/decodeStretch``) has the thread spin on its own clock for as long
    /// as it says (``FrameCompositing/spinSeconds(afterDecodeOf:faulted:)``), told whether the thread took a page
    /// fault; the spin counts as drawing.
    static func timing<Kept>(_ compositor: any FrameCompositing, composite: () -> Void,
                             keep: () -> Kept) -> (Kept, DecodeCost) {
        let bytesBefore = ThreadAllocationMeter.now()
        let stretching = compositor.decodeStretch > 1
        let faultsBefore = stretching ? ThreadPageFaults.minor() : 0
        let start = ThreadCPUClock.now()
        let lzwBefore = compositor.lzwSeconds
        composite()
        let drawn = ThreadCPUClock.now()
        let kept = keep()
        let copied = ThreadCPUClock.now()
        var end = copied
        if stretching {
            let faulted = ThreadPageFaults.minor() > faultsBefore
            ThreadCPUClock.spin(until: copied + compositor.spinSeconds(afterDecodeOf: copied - start, faulted: faulted))
            end = ThreadCPUClock.now()
        }
        let bytesAfter = ThreadAllocationMeter.now()
        var steps = Steps(lzw: compositor.lzwSeconds - lzwBefore, copy: copied - drawn)
        if let bytesBefore, let bytesAfter {
            steps.allocatedBytes = Int(truncatingIfNeeded: bytesAfter.allocated &- bytesBefore.allocated)
            steps.freedBytes = Int(truncatingIfNeeded: bytesAfter.freed &- bytesBefore.freed)
        }
        return (kept, DecodeCost(seconds: end - start, steps: steps))
    }
}
