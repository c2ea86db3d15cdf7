import GIFCodec
import WebPCodec

/// Opens an animation by its content, never its name: a GIF is indexed by giflib, a WebP read by libwebp's demuxer.
public enum AnimationFile {
    /// The animation `bytes` hold, its canvas checked against `limits`' pixel budget for a WebP (a GIF's is checked
    /// when a compositor is made, as before).
    public static func open(_ bytes: GIFBytes,
                            limits: DecodeLimits = .default) throws(GIFError) -> any AnimationContainer {
        guard AnimationFormat(sniffing: bytes.buffer) == .webp else { return try GIFContainer(bytes: bytes) }
        do { return try WebPAnimation(bytes: bytes, limits: limits) } catch {
            throw error.asGIFError(frameBytes: 0)
        }
    }

    /// The animation in the file at `path`, read under `rules` (size cap, special files, deadline).
    public static func open(contentsOfFile path: String, rules: InputFileRules = InputFileRules(),
                            limits: DecodeLimits = .default) throws(GIFError) -> any AnimationContainer {
        try open(GIFBytes(contentsOfFile: path, rules: rules), limits: limits)
    }
}
