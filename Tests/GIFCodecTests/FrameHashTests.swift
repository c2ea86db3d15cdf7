import GIFCodec
import Testing

@Suite("FNV-1a 64 frame hash")
struct FrameHashTests {
    @Test("matches the published FNV-1a 64 test vectors", arguments: [
        ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
    ])
    func vectors(input: String, expected: String) {
        let hash = Array(input.utf8).withUnsafeBytes { FrameHash(of: $0) }
        #expect(hash.description == expected)
    }

    @Test("prints 16 lowercase hex digits, zero-padded")
    func formatting() {
        #expect(FrameHash(value: 0xAB).description == "00000000000000ab")
    }
}
