import GIFCodec
import Testing

/// The index reader returns exactly the palette indices the encoder was given, rows in display order.
@Suite("Frame index reader")
struct FrameIndexReaderTests {
    @Test("indices round-trip through giflib, interlaced or not, for frames smaller than the screen", arguments: [false, true])
    func roundTrip(interlaced: Bool) throws {
        let first: [UInt8] = (0..<480).map { (position: Int) -> UInt8 in UInt8((position * 7 + position / 24) % 4) }
        let second: [UInt8] = (0..<90).map { (position: Int) -> UInt8 in UInt8((position * 3) % 4) }
        let bytes = try GIFEncoder.encode(EncoderInput(
            width: 24, height: 20, globalPalette: Palette([RGB(0, 0, 0), RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255)]),
            frames: [EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 24, height: 20), indices: first, interlaced: interlaced),
                     EncoderFrame(rect: FrameRect(left: 5, top: 3, width: 10, height: 9), indices: second, interlaced: interlaced)]))
        let reader = try FrameIndexReader(container: GIFContainer(bytes: GIFBytes(bytes)))
        for (index, expected) in [first, second].enumerated() {
            var decoded = [UInt8](repeating: 255, count: reader.byteCount(ofFrame: index))
            let rows = decoded.withUnsafeMutableBufferPointer { reader.decode(frame: index, into: $0) }
            #expect(rows == (index == 0 ? 20 : 9))
            #expect(decoded == expected)
        }
    }
}
