
/// FNV-1a 64 over the RGBA bytes of one composited frame: the project's frame identity (docs/decoding.md, "Pixel
/// conventions").
public struct FrameHash: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Hashes `bytes` with offset basis 0xcbf29ce484222325 and prime 0x100000001b3.
    public init(of bytes: UnsafeRawBufferPointer) {
        value = Self.continued(Self.offsetBasis, bytes)
    }

    /// The identity hash of a straight RGBA8 frame: as ``init(of:)``, with every fully transparent pixel hashed as
    /// 0,0,0,0 whatever colour bytes it carries (a GIF's compositor writes them so; a WebP decoder may not).
    public init(identityOf rgba: UnsafeRawBufferPointer) {
        var hash = Self.offsetBasis
        var offset = 0
        while offset + 4 <= rgba.count {
            let transparent = rgba[offset + 3] == 0
            for byte in 0..<4 {
                hash ^= UInt64(transparent ? 0 : rgba[offset + byte])
                hash &*= Self.prime
            }
            offset += 4
        }
        value = Self.continued(hash, UnsafeRawBufferPointer(rebasing: rgba[offset...]))
    }

    private static func continued(_ start: UInt64, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hashes of four byte ranges, each the value `init(of:)` gives. One range's hash is a chain in which every
    /// byte waits for the previous byte's multiply; four chains side by side keep the multiplier busy, about four
    /// times the bytes a second on one core.
    public static func four(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ c: UnsafeRawBufferPointer,
                            _ d: UnsafeRawBufferPointer) -> (FrameHash, FrameHash, FrameHash, FrameHash) {
        let common = min(a.count, b.count, c.count, d.count)
        var (h0, h1, h2, h3) = (offsetBasis, offsetBasis, offsetBasis, offsetBasis)
        if common > 0, let p0 = a.baseAddress, let p1 = b.baseAddress, let p2 = c.baseAddress, let p3 = d.baseAddress {
            for offset in 0..<common {
                h0 = (h0 ^ UInt64(p0.load(fromByteOffset: offset, as: UInt8.self))) &* prime
                h1 = (h1 ^ UInt64(p1.load(fromByteOffset: offset, as: UInt8.self))) &* prime
                h2 = (h2 ^ UInt64(p2.load(fromByteOffset: offset, as: UInt8.self))) &* prime
                h3 = (h3 ^ UInt64(p3.load(fromByteOffset: offset, as: UInt8.self))) &* prime
            }
        }
        return (FrameHash(value: continued(h0, UnsafeRawBufferPointer(rebasing: a[common...]))),
                FrameHash(value: continued(h1, UnsafeRawBufferPointer(rebasing: b[common...]))),
                FrameHash(value: continued(h2, UnsafeRawBufferPointer(rebasing: c[common...]))),
                FrameHash(value: continued(h3, UnsafeRawBufferPointer(rebasing: d[common...]))))
    }

    /// Hashes the UTF-8 bytes of `text`: stable names for files and shards, the same on every machine.
    public init(ofUTF8 text: String) {
        self = Array(text.utf8).withUnsafeBytes { FrameHash(of: $0) }
    }

    /// 16 lowercase hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
