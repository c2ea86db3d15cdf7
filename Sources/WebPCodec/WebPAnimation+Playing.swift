import GIFCodec

/// A WebP is played as a GIF is: the decoders read its canvas, delays and loop count, and draw its frames with a
/// ``WebPCompositor``.
extension WebPAnimation: AnimationContainer {
    public var format: AnimationFormat { .webp }
    public var frameCount: Int { frames.count }
    public var delays: [FrameDelay] { frames.map { FrameDelay(milliseconds: $0.durationMilliseconds) } }

    /// A WebP's loop count is the number of plays (0: forever), where a GIF's NETSCAPE value counts repeats.
    public var loopCount: LoopCount { storedLoopCount == 0 ? .forever : .plays(storedLoopCount) }

    /// libwebp's demuxer reads whole files only: a cut one is refused, not played in part.
    public var truncated: Bool { false }

    /// `WebPAnimDecoder` keeps the previous frame, disposed, beside its canvas: two canvases while it draws.
    public var savesCanvas: Bool { true }

    public func check(_ limits: DecodeLimits) throws(GIFError) {
        guard width * height <= limits.maxCanvasPixels else {
            throw .canvasTooLarge(width: width, height: height, limit: limits.maxCanvasPixels)
        }
    }

    public func makeCompositor(limits: DecodeLimits, codec: LZWCodec) throws(GIFError) -> any FrameCompositing {
        try check(limits)
        do { return try WebPCompositor(self) } catch { throw error.asGIFError(frameBytes: frameBytes) }
    }
}

extension WebPError {
    /// The error in the players' vocabulary: limits as a GIF's limits (with their flags), the rest in its own words.
    public func asGIFError(frameBytes: Int) -> GIFError {
        switch self {
        case .canvasTooLarge(let width, let height, let limit): .canvasTooLarge(width: width, height: height,
                                                                                limit: limit)
        case .eagerTooLarge(let bytes, let limit): .eagerTooLarge(bytes: bytes, limit: limit, frameBytes: frameBytes)
        default: .webp(description)
        }
    }
}

/// Draws a WebP's frames in order with `WebPAnimDecoder`, which blends and disposes onto its own canvas; a frame
/// before the last drawn one starts the animation over (`WebPAnimDecoderReset`), as a GIF's compositor replays.
/// Not thread-safe: one owner at a time.
public final class WebPCompositor: FrameCompositing {
    private let decoder: WebPFrameDecoder
    private let frameCount: Int
    private var nextFrame = 0
    private var canvas: UnsafeRawBufferPointer
    /// Shown when no frame has been drawn: a frame that fails first leaves the canvas transparent.
    private let blank: UnsafeMutableRawBufferPointer

    public init(_ animation: WebPAnimation) throws(WebPError) {
        decoder = try WebPFrameDecoder(animation)
        frameCount = animation.frames.count
        blank = .allocate(byteCount: animation.frameBytes, alignment: 16)
        blank.initializeMemory(as: UInt8.self, repeating: 0)
        canvas = UnsafeRawBufferPointer(blank)
    }

    deinit { blank.deallocate() }

    public func composite(frame index: Int) throws(GIFError) -> FrameStatus {
        guard index >= 0, index < frameCount else { throw .frameOutOfRange(index, frameCount: frameCount) }
        if index < nextFrame {
            decoder.reset()
            nextFrame = 0
        }
        while nextFrame <= index {
            let drawn = nextFrame
            nextFrame += 1
            do {
                canvas = try decoder.next(drawn)
            } catch {
                // The decoder cannot go on past a damaged frame: what was drawn last stays on the canvas.
                nextFrame = frameCount
                return .partial(error.asGIFError(frameBytes: blank.count))
            }
        }
        return .complete
    }

    public var pixels: UnsafeRawBufferPointer { canvas }
}
