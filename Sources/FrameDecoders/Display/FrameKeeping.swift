import GIFCodec
import PosixThreads
import Synchronization

/// How a decoder keeps a composited frame: a copy of the canvas, or — with a ``DisplaySize`` smaller than the GIF —
/// the canvas downscaled to the display (``BoxDownscaler``). Compositing stays at full size: disposal needs the
/// whole canvas. One instance per decoding thread.
final class FrameKeeping {
    /// The size of the frames kept.
    let width: Int
    let height: Int
    private let downscaler: BoxDownscaler?
    /// CPU time spent downscaling, shared with the thread that reads it; nil when frames are kept at full size.
    let scalingCost: ScalingCost?

    init(container: any AnimationContainer, display: DisplaySize?) {
        if let held = display?.heldSize(screenWidth: container.width, screenHeight: container.height) {
            downscaler = BoxDownscaler(sourceWidth: container.width, sourceHeight: container.height, width: held.width,
                                       height: held.height)
            (width, height) = held
        } else {
            downscaler = nil
            (width, height) = (container.width, container.height)
        }
        scalingCost = downscaler == nil ? nil : ScalingCost()
    }

    /// The size of the frames kept.
    var size: (width: Int, height: Int) { (width, height) }

    /// Whether frames are kept as composited, at the GIF's size (no display smaller than it).
    var keepsCanvasSize: Bool { downscaler == nil }

    /// The bytes of one kept frame.
    var frameBytes: Int { width * height * 4 }

    /// A new buffer holding `canvas` as kept.
    func keep(_ canvas: UnsafeRawBufferPointer) -> FrameBuffer {
        guard downscaler != nil else { return FrameBuffer(copying: canvas) }
        let buffer = FrameBuffer(uninitializedByteCount: frameBytes)
        write(canvas, into: buffer)
        return buffer
    }

    /// Overwrites `buffer` (``frameBytes`` long) with `canvas` as kept.
    func write(_ canvas: UnsafeRawBufferPointer, into buffer: FrameBuffer) {
        guard let downscaler else { return buffer.copy(from: canvas) }
        let start = ThreadCPUClock.now()
        downscaler.scale(canvas, into: buffer.bytes)
        scalingCost?.add(seconds: ThreadCPUClock.now() - start)
    }
}

/// The CPU time a decoder's thread spent downscaling frames (its own thread's clock, so other work on the cores does
/// not count), readable from any thread.
final class ScalingCost: Sendable {
    private let nanoseconds = Atomic<Int>(0)

    func add(seconds: Double) {
        nanoseconds.add(Int((seconds * 1e9).rounded()), ordering: .relaxed)
    }

    var seconds: Double { Double(nanoseconds.load(ordering: .relaxed)) / 1e9 }
}
