import GIFCodec
import WebPCodec

/// A decoded animated image as an image cache holds it: its frames, timing, loop count, the format it came from,
/// and — when it has them — the original bytes.
///
/// The format tag is what keeps a GIF a GIF: a cache that picks PNG or JPEG "by alpha" for an image without its
/// original bytes silently drops the animation.
public struct AnimatedImage: Sendable {
    public var width: Int
    public var height: Int
    /// Composited RGBA8 frames, full canvas each.
    public var frames: [[UInt8]]
    /// Raw delays as stored (the effective ones follow from them).
    public var delays: [FrameDelay]
    /// The NETSCAPE2.0 loop value, `nil` when the source had none.
    public var netscapeLoopValue: UInt16?
    public var sourceFormat: ImageFormat
    /// The bytes the image was decoded from, when the caller still has them.
    public var originalBytes: [UInt8]?
    /// The frames' durations in milliseconds when the source stores them so (WebP); nil for a GIF, whose `delays` are
    /// centiseconds.
    public var durationsMilliseconds: [Int]?

    public init(width: Int, height: Int, frames: [[UInt8]], delays: [FrameDelay], netscapeLoopValue: UInt16?,
                sourceFormat: ImageFormat, originalBytes: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.frames = frames
        self.delays = delays
        self.netscapeLoopValue = netscapeLoopValue
        self.sourceFormat = sourceFormat
        self.originalBytes = originalBytes
    }

    public var loopCount: LoopCount { LoopCount(netscapeValue: netscapeLoopValue) }
    public var isAnimated: Bool { frames.count > 1 }

    /// Decodes a GIF eagerly, tagging it `.gif` and keeping the original bytes if `keepingOriginal`. It holds one
    /// canvas per frame and the compositor's one working canvas, and refuses what `limits` would refuse an eager
    /// decoder.
    public init(decodingGIF bytes: [UInt8], keepingOriginal: Bool = true, limits: DecodeLimits = .default,
                codec: LZWCodec = .default) throws(GIFError) {
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        try limits.checkEager(container)
        let compositor = try Compositor(container: container, limits: limits, codec: codec)
        var frames: [[UInt8]] = []
        frames.reserveCapacity(container.frameCount)
        for _ in 0..<container.frameCount {
            compositor.advance()
            frames.append(Array(compositor.pixels))
        }
        self.init(width: container.width, height: container.height, frames: frames,
                  delays: container.frames.map(\.delay), netscapeLoopValue: container.netscapeLoopValue,
                  sourceFormat: ImageFormat.sniff(bytes), originalBytes: keepingOriginal ? bytes : nil)
    }

    /// Decodes a WebP (still or animated) eagerly, tagging it with its format and keeping the original bytes if
    /// `keepingOriginal`; refuses what `limits` would refuse an eager decoder. A WebP's loop count (0 forever, else the
    /// times it plays) is kept as the NETSCAPE2.0 value that plays as often.
    public init(decodingWebP bytes: [UInt8], keepingOriginal: Bool = true,
                limits: DecodeLimits = .default) throws(WebPError) {
        let animation = try WebPAnimation(bytes: GIFBytes(bytes), limits: limits)
        try animation.checkEager(limits)
        var frames: [[UInt8]] = []
        try animation.forEachFrame { _, canvas in frames.append(Array(canvas)) }
        let durations = animation.frames.map(\.durationMilliseconds)
        self.init(width: animation.width, height: animation.height, frames: frames,
                  delays: durations.map { FrameDelay(centiseconds: UInt16(clamping: $0 / 10)) },
                  netscapeLoopValue: animation.storedLoopCount == 0 ? 0 : (animation.storedLoopCount == 1 ? nil : UInt16(clamping: animation.storedLoopCount - 1)),
                  sourceFormat: ImageFormat.sniff(bytes), originalBytes: keepingOriginal ? bytes : nil)
        durationsMilliseconds = durations
    }

    /// The WebP loop count that plays as often as ``netscapeLoopValue``: 0 forever, else the times it plays.
    public var webpLoopCount: Int { netscapeLoopValue.map { $0 == 0 ? 0 : Int($0) + 1 } ?? 1 }

    /// Decodes a GIF or a WebP, told by its first bytes; anything else is refused as not a GIF.
    public init(decoding bytes: [UInt8], keepingOriginal: Bool = true, limits: DecodeLimits = .default,
                codec: LZWCodec = .default) throws {
        if bytes.withUnsafeBytes({ AnimationFormat(sniffing: $0) }) == .webp {
            try self.init(decodingWebP: bytes, keepingOriginal: keepingOriginal, limits: limits)
        } else {
            try self.init(decodingGIF: bytes, keepingOriginal: keepingOriginal, limits: limits, codec: codec)
        }
    }

    /// Each frame's identity hash: FNV-1a 64 with fully transparent pixels as 0,0,0,0 (a GIF's already are; a
    /// lossless WebP may keep any colour under alpha 0).
    public var identityHashes: [FrameHash] { frames.map { frame in frame.withUnsafeBytes { FrameHash(identityOf: $0) } } }

    /// FNV-1a 64 of every frame.
    public var frameHashes: [FrameHash] { frames.map { frame in frame.withUnsafeBytes { FrameHash(of: $0) } } }
}
