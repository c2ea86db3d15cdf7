/// Which LZW decoder turns a frame's compressed data into palette indices.
///
/// Both read the same ``GIFContainer`` index (walked with giflib's record API), so frames, timing and truncation
/// flags are the same whichever is chosen; only the pixel decoding differs. docs/decoding.md ("Codecs") states where
/// their outputs may differ on damaged data.
public enum LZWCodec: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The project's own decoder (`LZWDecoder`): each code's string is copied from where it was first written,
    /// no per-pixel prefix walk. The default.
    case fast
    /// giflib 5.2.1's `DGifGetLine`: the reference the fast decoder is tested against.
    case giflib

    /// The codec a run uses when none is named.
    public static let `default` = LZWCodec.fast

    public var description: String { rawValue }
}

extension LZWCodec {
    /// The fast codec's code table, in bytes: one 8-byte entry per code, held beside the compositor's canvas.
    public static var fastTableBytes: Int { LZWDecoder.tableBytes }
}
