/// What a player reads of an animation before it decodes a frame, whatever the format: the canvas, the frames'
/// delays, the loop count, and a compositor that draws the frames. A GIF's is ``GIFContainer``, a WebP's is
/// WebPCodec's `WebPAnimation`; the decoders play either through this alone.
public protocol AnimationContainer: Sendable {
    var format: AnimationFormat { get }
    /// The file's bytes, compressed frames included.
    var bytes: GIFBytes { get }
    var width: Int { get }
    var height: Int { get }
    var frameCount: Int { get }
    /// Each frame's delay, in playback order.
    var delays: [FrameDelay] { get }
    var loopCount: LoopCount { get }
    /// The file ended before its last frame was whole.
    var truncated: Bool { get }
    /// Whether compositing holds a second canvas-sized buffer besides the canvas: a GIF's saved canvas for frames
    /// that restore to previous, a WebP decoder's copy of the previous frame.
    var savesCanvas: Bool { get }
    /// Throws when the canvas, or any frame, is over `limits`' pixel budget; nothing is decoded.
    func check(_ limits: DecodeLimits) throws(GIFError)
    /// A new compositor that draws this animation's frames in order onto one canvas, checked against `limits`;
    /// `codec` is the LZW decoder a GIF's frames are drawn with (a WebP has no LZW).
    func makeCompositor(limits: DecodeLimits, codec: LZWCodec) throws(GIFError) -> any FrameCompositing
}

extension AnimationContainer {
    /// Bytes of one RGBA canvas (width × height × 4).
    public var frameBytes: Int { width * height * 4 }
}

extension GIFContainer: AnimationContainer {
    public var format: AnimationFormat { .gif }
    public var delays: [FrameDelay] { frames.map(\.delay) }

    public func check(_ limits: DecodeLimits) throws(GIFError) { try limits.check(self) }

    public func makeCompositor(limits: DecodeLimits, codec: LZWCodec) throws(GIFError) -> any FrameCompositing {
        try Compositor(container: self, limits: limits, codec: codec)
    }
}
