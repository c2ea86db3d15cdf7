import FrameDecoders
import GIFCodec

/// The test knob `--decode-slowdown X`: a compositor through which every decode costs X times its CPU, its copy into
/// the buffer that keeps the frame included, as on a device X times slower, to check the answer's margins in real
/// time. It draws through the decoder's own compositor and tells the thread timing each decode how long to spin on its
/// own clock for the rest (``DecodeStretch``, which leaves a host's hold-up unstretched); the decoder's trace records
/// the stretched costs, as it would a slower device's. Like ``SlowedCompositor``, it lives in the harness. One
/// decoding thread uses it at a time, as any compositor.
final class StretchedCompositor: FrameCompositing {
    private let compositor: any FrameCompositing
    private var stretch: DecodeStretch

    init(_ compositor: any FrameCompositing, slowdown: Double) {
        self.compositor = compositor
        stretch = DecodeStretch(factor: slowdown)
    }

    var decodeStretch: Double { stretch.factor }

    func spinSeconds(afterDecodeOf seconds: Double, faulted: Bool) -> Double {
        stretch.spinSeconds(afterDecodeOf: seconds, faulted: faulted)
    }

    func composite(frame index: Int) throws(GIFError) -> FrameStatus { try compositor.composite(frame: index) }

    var pixels: UnsafeRawBufferPointer { compositor.pixels }

    var timesLZW: Bool {
        get { compositor.timesLZW }
        set { compositor.timesLZW = newValue }
    }

    var lzwSeconds: Double { compositor.lzwSeconds }
}
