import GIFCodec

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
    /// canvas per frame and the compositor's one working canvas, and refuses what `limits` would refuse an eager decoder.
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
        self.init(width: container.width, height: container.height, frames: frames, delays: container.frames.map(\.delay),
                  netscapeLoopValue: container.netscapeLoopValue, sourceFormat: ImageFormat.sniff(bytes),
                  originalBytes: keepingOriginal ? bytes : nil)
    }

    /// FNV-1a 64 of every frame.
    public var frameHashes: [FrameHash] { frames.map { frame in frame.withUnsafeBytes { FrameHash(of: $0) } } }
}
