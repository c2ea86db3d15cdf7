import GIFCodec
import WebPCodec

/// The WebP twin of a GIF: the same composited frames, delays and loop count, encoded by libwebp's animation encoder
/// as `gif2webp` encodes a GIF. The frames are drawn one at a time and never held together.
public enum WebPTwin {
    /// Quality of the lossy twin: `gif2webp -lossy`'s and `cwebp`'s default.
    public static let lossyQuality = 75

    /// The compressions `bench corpus --webp` writes: lossless and lossy at ``lossyQuality``.
    public static let compressions: [WebPCompression] = [.lossless, .lossy(quality: lossyQuality)]

    public static func of(gif bytes: [UInt8], compression: WebPCompression,
                          limits: DecodeLimits = .default) throws(GIFError) -> [UInt8] {
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let compositor = try Compositor(container: container, limits: limits)
        // A GIF's NETSCAPE value counts repeats and its absence one play; a WebP's loop count counts plays.
        let plays: Int = switch container.loopCount {
        case .forever: 0
        case .plays(let count): count
        }
        do {
            return try WebPAnimationWriter.encoded(width: container.width, height: container.height,
                                                   durations: container.delays.map(\.rawMilliseconds), loopCount: plays,
                                                   compression: compression) { _, body throws(WebPError) in
                compositor.advance()
                try body(compositor.pixels)
            }
        } catch {
            throw .webp(error.description)
        }
    }
}
