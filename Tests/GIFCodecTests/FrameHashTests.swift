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

    @Test("four ranges hashed side by side give each range's own hash, whatever their lengths")
    func four() {
        let ranges: [[UInt8]] = [Array("foobar".utf8), Array("a".utf8), [], (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }]
        let alone = ranges.map { range in range.withUnsafeBytes { FrameHash(of: $0) } }
        ranges[0].withUnsafeBytes { a in
            ranges[1].withUnsafeBytes { b in
                ranges[2].withUnsafeBytes { c in
                    ranges[3].withUnsafeBytes { d in
                        let together = FrameHash.four(a, b, c, d)
                        #expect([together.0, together.1, together.2, together.3] == alone)
                    }
                }
            }
        }
        let equal: [[UInt8]] = (0..<4).map { lane in (0..<4096).map { UInt8(truncatingIfNeeded: $0 ^ lane) } }
        equal[0].withUnsafeBytes { a in
            equal[1].withUnsafeBytes { b in
                equal[2].withUnsafeBytes { c in
                    equal[3].withUnsafeBytes { d in
                        let together = FrameHash.four(a, b, c, d)
                        #expect([together.0, together.1, together.2, together.3] == [a, b, c, d].map { FrameHash(of: $0) })
                    }
                }
            }
        }
        #expect(alone[0].description == "85944171f73967e8")
    }
}
