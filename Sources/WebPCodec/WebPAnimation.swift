import CWebP
import GIFCodec

/// One frame of a WebP as its container describes it, before decoding.
public struct WebPFrameFacts: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The frame's duration as stored, in milliseconds.
    public var durationMilliseconds: Int
    /// After the frame's duration its rectangle is cleared to transparent (`dispose_method` background).
    public var disposesToBackground: Bool
    /// The frame is alpha-blended over the canvas; otherwise it replaces its rectangle.
    public var blends: Bool
    public var hasAlpha: Bool
    /// `VP8L` (lossless) rather than `VP8` (lossy) data; nil when libwebp cannot tell.
    public var isLossless: Bool?
}

/// A WebP file, still or animated, read by libwebp's demuxer (`WebPDemux`) and decoded by its animation decoder
/// (`WebPAnimDecoder`), which composites each frame onto a full canvas: blending, disposal and frame offsets as the
/// container says. A still WebP is a one-frame animation.
///
/// Pixels are straight (not premultiplied) RGBA, and the canvas starts transparent: the ANIM chunk's background colour
/// is a hint the container format lets players ignore, and browsers and `WebPAnimDecoder` do.
public struct WebPAnimation: Sendable {
    public let bytes: GIFBytes
    public let width: Int
    public let height: Int
    /// The ANIM chunk's loop count as stored: times the animation plays, 0 for forever (``loopCount`` reads it).
    public let storedLoopCount: Int
    /// The ANIM chunk's background colour, as stored (BGRA bytes, little-endian); not drawn.
    public let backgroundColor: UInt32
    public let frames: [WebPFrameFacts]

    /// Bytes of one decoded canvas.
    public var frameBytes: Int { width * height * 4 }

    /// Reads the container and checks the canvas against `limits.maxCanvasPixels` before any frame is decoded.
    public init(bytes: GIFBytes, limits: DecodeLimits = .default) throws(WebPError) {
        self.bytes = bytes
        guard let base = bytes.buffer.baseAddress, bytes.count > 0 else { throw .unreadableContainer }
        var data = WebPData(bytes: base.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let demuxer = WebPDemux(&data) else { throw .unreadableContainer }
        defer { WebPDemuxDelete(demuxer) }
        width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        storedLoopCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
        backgroundColor = WebPDemuxGetI(demuxer, WEBP_FF_BACKGROUND_COLOR)
        guard width * height <= limits.maxCanvasPixels else {
            throw .canvasTooLarge(width: width, height: height, limit: limits.maxCanvasPixels)
        }
        var facts: [WebPFrameFacts] = []
        var iterator = WebPIterator()
        if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
            defer { WebPDemuxReleaseIterator(&iterator) }
            repeat {
                var features = WebPBitstreamFeatures()
                let known = WebPGetFeatures(iterator.fragment.bytes, iterator.fragment.size, &features) == VP8_STATUS_OK
                facts.append(WebPFrameFacts(
                    x: Int(iterator.x_offset), y: Int(iterator.y_offset), width: Int(iterator.width),
                    height: Int(iterator.height),
                    durationMilliseconds: Int(iterator.duration),
                    disposesToBackground: iterator.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND,
                    blends: iterator.blend_method == WEBP_MUX_BLEND, hasAlpha: iterator.has_alpha != 0,
                    isLossless: known && features.format != 0 ? features.format == 2 : nil))
            } while WebPDemuxNextFrame(&iterator) != 0
        }
        guard !facts.isEmpty else { throw .noFrames }
        frames = facts
    }

    /// Reads `path` under `rules` (size cap, special files, deadline), as a GIF is read.
    public init(contentsOfFile path: String, rules: InputFileRules = InputFileRules(),
                limits: DecodeLimits = .default) throws(WebPReadError) {
        let bytes: GIFBytes
        do { bytes = try GIFBytes(contentsOfFile: path, rules: rules) } catch { throw .file(error) }
        do { try self.init(bytes: bytes, limits: limits) } catch { throw .webp(error) }
    }

    /// Seconds one loop plays: the frames' durations as stored.
    public var loopSeconds: Double { Double(frames.reduce(0) { $0 + $1.durationMilliseconds }) / 1000 }

    /// Decodes every frame in order, compositing each onto the canvas, and lends it to `body` with its index; the
    /// pixels must not escape `body`. A frame that cannot be decoded ends the loop with ``WebPError/damagedFrame(_:)``.
    public func forEachFrame(_ body: (Int, UnsafeRawBufferPointer) -> Void) throws(WebPError) {
        let decoder = try WebPFrameDecoder(self)
        for index in frames.indices {
            let canvas = try decoder.next(index)
            body(index, canvas)
        }
    }

    /// The FNV-1a 64 hash of each composited frame, straight RGBA with fully transparent pixels as 0,0,0,0: the
    /// project's frame identity, as for a GIF (docs/decoding.md, "Pixel conventions").
    public func frameHashes() throws(WebPError) -> [FrameHash] {
        var hashes: [FrameHash] = []
        try forEachFrame { _, canvas in hashes.append(FrameHash(identityOf: canvas)) }
        return hashes
    }

    /// Refuses, before any frame is decoded, an animation whose frames all held at once pass `limits.maxEagerBytes`
    /// (as ``DecodeLimits/checkEager(_:)`` refuses a GIF).
    public func checkEager(_ limits: DecodeLimits) throws(WebPError) {
        let bytes = frameBytes * frames.count
        guard bytes <= limits.maxEagerBytes else { throw .eagerTooLarge(bytes: bytes, limit: limits.maxEagerBytes) }
    }
}

/// Why a WebP file could not be opened: the file itself, or its contents.
public enum WebPReadError: Error, Sendable, CustomStringConvertible {
    case file(GIFError)
    case webp(WebPError)

    public var description: String {
        switch self {
        case .file(let error): "\(error)"
        case .webp(let error): "\(error)"
        }
    }
}

/// `WebPAnimDecoder` over an animation's bytes: frames in order, each composited onto the decoder's own canvas.
final class WebPFrameDecoder {
    private let decoder: OpaquePointer
    private let canvasBytes: Int
    /// Keeps the bytes the decoder reads alive as long as it.
    private let bytes: GIFBytes

    init(_ animation: WebPAnimation) throws(WebPError) {
        bytes = animation.bytes
        canvasBytes = animation.frameBytes
        guard let base = bytes.buffer.baseAddress else { throw .unreadableContainer }
        var data = WebPData(bytes: base.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .unreadableContainer }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw .unreadableContainer }
        self.decoder = decoder
    }

    deinit { WebPAnimDecoderDelete(decoder) }

    /// Starts over at the first frame.
    func reset() { WebPAnimDecoderReset(decoder) }

    /// The next frame's canvas, lent until the next call; `index` names the frame in an error.
    func next(_ index: Int) throws(WebPError) -> UnsafeRawBufferPointer {
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw .damagedFrame(index)
        }
        return UnsafeRawBufferPointer(start: canvas, count: canvasBytes)
    }
}
