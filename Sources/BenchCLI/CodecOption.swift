import BenchPlan
import GIFCodec

/// `--codec`: which LZW decoder draws the frames, the same words on every command.
public enum CodecOption {
    public static let help = "fast (this project's LZW decoder, the default) or giflib (giflib 5.2.1's, the reference)"

    /// One codec (`inspect`, `cache`); the default when the flag is absent.
    public static func one(_ arguments: inout ArgumentList) throws(UsageError) -> LZWCodec {
        let codecs = try list(&arguments, default: [.default])
        guard codecs.count == 1 else { throw UsageError("--codec takes one codec here: fast or giflib") }
        return codecs[0]
    }

    /// A comma-separated list (`run`, `speed`): every case is played with each.
    public static func list(_ arguments: inout ArgumentList,
                            default fallback: [LZWCodec]) throws(UsageError) -> [LZWCodec] {
        guard let text = try arguments.value("--codec") else { return fallback }
        let names = SharedFlags.list(text) ?? []
        if names.isEmpty { throw UsageError("--codec needs fast, giflib or fast,giflib") }
        let codecs = try names.map { name throws(UsageError) -> LZWCodec in
            guard let codec = LZWCodec(rawValue: name) else { throw UsageError("--codec takes fast or "
                                                                               + "giflib, not '\(name)'") }
            return codec
        }
        return SharedFlags.distinct(codecs)
    }
}
