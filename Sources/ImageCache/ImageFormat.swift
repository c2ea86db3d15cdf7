import GIFCodec

/// An image container format, recognised by its signature — never by the first byte alone, never guessed.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case gif, png, apng, jpeg, webp, animatedWebP = "webp-animated", bmp, tiff, heic, avif, unknown

    /// Formats that can hold an animation.
    public var canAnimate: Bool { [.gif, .apng, .animatedWebP].contains(self) }

    /// Identifies `bytes` from their signature; anything not recognised — empty or truncated input included — is
    /// `.unknown`.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat {
        func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
        }
        // GIF and WebP by the signatures the players read them by: one test, GIFCodec's.
        switch AnimationFormat(sniffing: bytes) {
        case .gif?: return .gif
        case .webp?: return webpKind(bytes)
        case nil: break
        }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return pngKind(bytes) }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if matches(Array("II*\0".utf8)) || matches(Array("MM\0*".utf8)) { return .tiff }
        if matches(Array("BM".utf8)) && bytes.count >= 18 {
            let dibHeader = Int(bytes[14]) | Int(bytes[15]) << 8 | Int(bytes[16]) << 16 | Int(bytes[17]) << 24
            return [12, 16, 40, 52, 56, 64, 108, 124].contains(dibHeader) ? .bmp : .unknown
        }
        if matches(Array("ftyp".utf8), at: 4) { return isobmffKind(bytes) }
        return .unknown
    }

    /// Identifies a byte array.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat { bytes.withUnsafeBytes { sniff($0) } }

    /// PNG, or APNG when an `acTL` chunk comes before the first `IDAT`.
    private static func pngKind(_ bytes: UnsafeRawBufferPointer) -> ImageFormat {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8)]),
                              as: UTF8.self)
            if type == "acTL" { return .apng }
            if type == "IDAT" || type == "IEND" { return .png }
            offset += 12 + length
        }
        return .png
    }

    /// WebP, animated when the `VP8X` chunk's animation flag (bit 1) is set.
    private static func webpKind(_ bytes: UnsafeRawBufferPointer) -> ImageFormat {
        guard bytes.count >= 21, String(decoding: UnsafeRawBufferPointer(rebasing: bytes[12..<16]), as: UTF8.self) == "VP8X" else { return .webp }
        return bytes[20] & 0x02 != 0 ? .animatedWebP : .webp
    }

    /// HEIC or AVIF from the `ftyp` box's major and compatible brands.
    private static func isobmffKind(_ bytes: UnsafeRawBufferPointer) -> ImageFormat {
        let boxSize = bytes.count >= 4 ? Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) : 0
        let end = min(bytes.count, max(boxSize, 16))
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 { brands.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 4)]), as: UTF8.self)) }
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains($0) }) { return .heic }
        return .unknown
    }
}
