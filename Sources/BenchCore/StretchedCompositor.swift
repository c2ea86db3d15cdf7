import GIFCodec

/// The test knob `--decode-slowdown X`: a compositor through which every decode costs X times its CPU, its copy into
/// the buffer that keeps the frame included, as on a device X times slower, to check the answer's margins in real
/// time. It draws through the decoder's own compositor and asks, through ``FrameCompositing/decodeStretch``, that the
/// thread timing each decode spin on its own clock for the rest; the decoder's trace records the stretched costs, as
/// it would a slower device's. Like ``SlowedCompositor``, it lives in the harness.
final class StretchedCompositor: FrameCompositing {
    private let compositor: any FrameCompositing
    let decodeStretch: Double

    init(_ compositor: any FrameCompositing, slowdown: Double) {
        self.compositor = compositor
        decodeStretch = slowdown
    }

    func composite(frame index: Int) throws(GIFError) -> FrameStatus { try compositor.composite(frame: index) }

    var pixels: UnsafeRawBufferPointer { compositor.pixels }

    var timesLZW: Bool {
        get { compositor.timesLZW }
        set { compositor.timesLZW = newValue }
    }

    var lzwSeconds: Double { compositor.lzwSeconds }
}
