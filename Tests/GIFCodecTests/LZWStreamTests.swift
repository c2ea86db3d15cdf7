import GIFCodec
import Testing

/// Hand-packed LZW streams for the cases where the two codecs are stated to differ (docs/decoding.md, "Codecs"), and one where
/// they must not.
@Suite("Hand-packed LZW streams")
struct LZWStreamTests {
    /// Packs `codes` least significant bit first, widening them on giflib's schedule (`DGifDecompressInput`).
    static func pack(_ codes: [Int], minimumCodeSize: Int = 2) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var bits = minimumCodeSize + 1, maxCode1 = 1 << bits, running = clear + 2
        var accumulator = 0, filled = 0
        var bytes: [UInt8] = []
        for code in codes {
            accumulator |= code << filled
            filled += bits
            while filled >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                filled -= 8
            }
            if running < 4097 {
                running += 1
                if running > maxCode1, bits < 12 { maxCode1 <<= 1; bits += 1 }
            }
            if code == clear { bits = minimumCodeSize + 1; maxCode1 = 1 << bits; running = clear + 2 }
        }
        if filled > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    /// A one-frame GIF, `width`×`height`, four grey levels, holding `data` as its LZW data in one sub-block.
    static func gif(width: Int, height: Int, data: [UInt8], terminated: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [UInt8(width), 0, UInt8(height), 0, 0x81, 0, 0]
        bytes += [0, 0, 0, 85, 85, 85, 170, 170, 170, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, UInt8(width), 0, UInt8(height), 0, 0, 2, UInt8(data.count)] + data
        return terminated ? bytes + [0, 0x3B] : bytes
    }

    /// A GIF of `width`×`height` frames over eight grey levels, each frame's LZW data packed at its own minimum code
    /// size and split into sub-blocks of up to 255 bytes.
    static func gif(width: Int, height: Int, frames: [(minimumCodeSize: Int, codes: [Int])]) -> [UInt8] {
        let size: [UInt8] = [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        var bytes = Array("GIF89a".utf8) + size + [0x82, 0, 0]
        for level in 0..<8 { bytes += [UInt8](repeating: UInt8(level * 36), count: 3) }
        for frame in frames {
            bytes += [0x2C, 0, 0, 0, 0] + size + [0]
            bytes.append(UInt8(frame.minimumCodeSize))
            var data = pack(frame.codes, minimumCodeSize: frame.minimumCodeSize)[...]
            while !data.isEmpty {
                let block = data.prefix(255)
                bytes += [UInt8(block.count)] + block
                data = data.dropFirst(block.count)
            }
            bytes.append(0)
        }
        return bytes + [0x3B]
    }

    /// Every frame's rows, joined, with one reader per codec (so the fast decoder keeps its table between frames).
    static func frames(_ bytes: [UInt8], codec: LZWCodec) throws -> [[UInt8]] {
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let reader = try FrameIndexReader(container: container, codec: codec)
        return (0..<container.frameCount).map { index in
            var pixels: [UInt8] = []
            reader.decode(frame: index) { _, row in pixels += row }
            return pixels
        }
    }

    static func rows(_ bytes: [UInt8], codec: LZWCodec) throws -> (rows: [[UInt8]], stop: LZWStop?) {
        let reader = try FrameIndexReader(container: GIFContainer(bytes: GIFBytes(bytes)), codec: codec)
        var rows: [[UInt8]] = []
        reader.decode(frame: 0) { _, row in rows.append(Array(row)) }
        return (rows, reader.lastStop)
    }

    @Test("a valid stream with a KwKwK code and a clear in the middle decodes alike")
    func valid() throws {
        // clear, 1, 1 → entry 6 = [1 1]; 6 (defined); 8 = next code, KwKwK ([1 1 1]); clear; 2, 3, 2, 3, 0: twelve pixels.
        let bytes = Self.gif(width: 4, height: 3, data: Self.pack([4, 1, 1, 6, 8, 4, 2, 3, 2, 3, 0, 5]))
        let fast = try Self.rows(bytes, codec: .fast), giflib = try Self.rows(bytes, codec: .giflib)
        #expect(fast.rows == [[1, 1, 1, 1], [1, 1, 1, 2], [3, 2, 3, 0]])
        #expect(fast.rows == giflib.rows)
        #expect(fast.stop == .complete)
    }

    @Test("a code beyond the table ends the frame at that code; giflib invents a string and goes on")
    func invalidCode() throws {
        // clear, 1, 1, 6 fill row 0; 10 is past the next free code (8).
        let bytes = Self.gif(width: 4, height: 2, data: Self.pack([4, 1, 1, 6, 10, 1, 1, 5]))
        let fast = try Self.rows(bytes, codec: .fast), giflib = try Self.rows(bytes, codec: .giflib)
        #expect(fast.rows == [[1, 1, 1, 1]])
        #expect(fast.stop == .invalidCode(10))
        #expect(giflib.rows.count == 2 && giflib.rows.first == fast.rows.first, "giflib's rows: \(giflib.rows)")
        let compositor = try Compositor(container: GIFContainer(bytes: GIFBytes(bytes)), codec: .fast)
        #expect(compositor.advance() == .partial(.lzw(.invalidCode(10))))
        #expect(compositor.rowsDecoded == 1)
    }

    @Test("a file cut after a frame's last pixel: the fast decoder keeps the last row, giflib drops it")
    func cutAfterLastPixel() throws {
        let bytes = Self.gif(width: 4, height: 2, data: Self.pack([4, 1, 1, 6, 6, 6]), terminated: false)
        let fast = try Self.rows(bytes, codec: .fast), giflib = try Self.rows(bytes, codec: .giflib)
        #expect(fast.rows == [[1, 1, 1, 1], [1, 1, 1, 1]])
        #expect(giflib.rows == [[1, 1, 1, 1]])
        let compositor = try Compositor(container: GIFContainer(bytes: GIFBytes(bytes)), codec: .fast)
        #expect(compositor.advance() == .partial(.lzw(.dataEnded)), "the frame is still flagged as cut")
    }

    @Test("a file cut inside a frame's data: both keep the rows decoded before the cut sub-block, and only those")
    func cutInsideData() throws {
        let noise = (0..<(64 * 64)).map { (position: Int) -> UInt8 in
            var mixed = UInt64(position) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: (mixed ^ (mixed >> 31)) & 3)
        }
        let full = try GIFEncoder.encode(EncoderInput(width: 64, height: 64, globalPalette: Palette([RGB(0, 0, 0), RGB(1, 1, 1), RGB(2, 2, 2), RGB(3, 3, 3)]),
                                                      frames: [EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 64, height: 64), indices: noise)]))
        let dataStart = 13 + 12 + 10 + 1
        #expect(full.count > dataStart + 3 * 256, "the frame's data spans several sub-blocks")
        let cut = Array(full.prefix(dataStart + 2 * 256 + 100))
        let fast = try Self.rows(cut, codec: .fast), giflib = try Self.rows(cut, codec: .giflib)
        #expect(fast.rows == giflib.rows)
        #expect(fast.rows.count > 0 && fast.rows.count < 64)
        #expect(fast.stop == .dataEnded)
        #expect(fast.rows.joined().elementsEqual(noise.prefix(fast.rows.count * 64)))
    }

    @Test("frames of different minimum code sizes, one reader: each frame's clear, end and literal codes are its own")
    func codeSizePerFrame() throws {
        // At size 2 codes 4 and 5 are clear and end; at size 3 they are literals, and 8 and 9 are clear and end.
        let bytes = Self.gif(width: 4, height: 2, frames: [
            (2, [4, 1, 2, 4, 3, 0, 1, 2, 3, 1, 5]),
            (3, [8, 7, 4, 5, 4, 6, 5, 3, 0, 9]),
            (2, [4, 3, 3, 4, 2, 1, 0, 1, 2, 2, 5]),
        ])
        let fast = try Self.frames(bytes, codec: .fast), giflib = try Self.frames(bytes, codec: .giflib)
        #expect(fast == [[1, 2, 3, 0, 1, 2, 3, 1], [7, 4, 5, 4, 6, 5, 3, 0], [3, 3, 2, 1, 0, 1, 2, 2]])
        #expect(fast == giflib)
    }

    @Test("a table that fills to 4,095 and is cleared late: codes stay 12 bits wide and add nothing until the clear")
    func deferredClear() throws {
        var state: UInt32 = 1
        let literals = (0..<4494).map { _ -> Int in
            state = state &* 1_103_515_245 &+ 12_345
            return Int(state >> 16) & 3
        }
        // After the clear, literal i (i ≥ 1) adds entry 5 + i = [literal i−1, literal i]: entries 6…4095 come from
        // literals 0…4090. Then three string codes at 12 bits, a clear, and 94 more literals: 4,500 pixels.
        let head = Array(literals.prefix(4400)), tail = Array(literals.suffix(94))
        let codes = [4] + head + [4095, 6, 2000] + [4] + tail + [5]
        let expected = head + [literals[4089], literals[4090], literals[0], literals[1], literals[1994], literals[1995]] + tail
        let bytes = Self.gif(width: 90, height: 50, frames: [(2, codes)])
        let fast = try Self.frames(bytes, codec: .fast), giflib = try Self.frames(bytes, codec: .giflib)
        #expect(fast == [expected.map(UInt8.init)])
        #expect(fast == giflib)
    }
}
