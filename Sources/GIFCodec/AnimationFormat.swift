/// What a file holds, told by its first bytes and never by its name: a GIF (`GIF87a`/`GIF89a`), a WebP (`RIFF`, a
/// size, `WEBP`), or something else.
public enum AnimationFormat: String, Sendable {
    case gif
    case webp

    /// The format of a file that starts with `bytes`; nil for neither.
    public init?(sniffing bytes: UnsafeRawBufferPointer) {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count >= offset + expected.count else { return false }
            return expected.indices.allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        if starts("GIF87a") || starts("GIF89a") {
            self = .gif
        } else if starts("RIFF") && starts("WEBP", at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
