/// FNV-1a 64 over the RGBA bytes of one composited frame: the project's frame identity (README, "Pixel conventions").
public struct FrameHash: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// Hashes `bytes` with offset basis 0xcbf29ce484222325 and prime 0x100000001b3.
    public init(of bytes: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
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
