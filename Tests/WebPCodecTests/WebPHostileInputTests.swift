import Foundation
import GIFCodec
import Testing
import WebPCodec

/// Damaged and oversized WebPs: each a typed error, never a crash, a hang or a frame read past its buffer.
@Suite("Hostile WebPs")
struct WebPHostileInputTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        try GIFBytes(contentsOfFile: WebPReferenceTests.folder.appendingPathComponent(name).path).array
    }

    static func outcome(_ bytes: [UInt8], limits: DecodeLimits = .default) -> Result<Int, WebPError> {
        do {
            let animation = try WebPAnimation(bytes: GIFBytes(bytes), limits: limits)
            return .success(try animation.frameHashes().count)
        } catch {
            return .failure(error)
        }
    }

    @Test("a file cut anywhere is refused or decodes the frames before the cut, never more")
    func truncated() throws {
        let whole = try Self.bytes("pillow-lossless-alpha.webp")
        for length in stride(from: 0, to: whole.count, by: 97) {
            switch Self.outcome(Array(whole.prefix(length))) {
            case .success(let frames): #expect(frames <= 6)
            case .failure(let error): #expect([.unreadableContainer, .noFrames].contains(error) || { if case .damagedFrame = error { true } else { false } }())
            }
        }
        #expect(Self.outcome(Array(whole.prefix(whole.count / 2))) == .failure(.unreadableContainer), "half a file")
    }

    @Test("a chunk whose size runs past the file, and garbage after the RIFF header, are refused")
    func badChunks() throws {
        var whole = try Self.bytes("pillow-lossy.webp")
        // The first chunk's size (bytes 16-19, little-endian) set past the end of the file.
        whole[16] = 0xFF; whole[17] = 0xFF; whole[18] = 0xFF; whole[19] = 0x0F
        #expect(Self.outcome(whole) == .failure(.unreadableContainer))
        let garbage = Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBP".utf8) + [UInt8](repeating: 0x5A, count: 100)
        #expect(Self.outcome(garbage) == .failure(.unreadableContainer))
    }

    @Test("a canvas at WebP's 16383 limit is refused by --max-pixels before any frame is decoded")
    func hugeCanvas() throws {
        var whole = try Self.bytes("pillow-lossless-alpha.webp")
        // VP8X: canvas width − 1 and height − 1 as 24-bit little-endian at bytes 24-26 and 27-29.
        #expect(Array(whole[12..<16]) == Array("VP8X".utf8))
        for offset in [24, 27] { whole[offset] = 0xFE; whole[offset + 1] = 0x3F; whole[offset + 2] = 0 }
        #expect(Self.outcome(whole) == .failure(.canvasTooLarge(width: 16383, height: 16383, limit: DecodeLimits.default.maxCanvasPixels)))
    }

    @Test("a canvas smaller than its frames (a frame outside it) is refused")
    func frameOutsideCanvas() throws {
        var whole = try Self.bytes("pillow-lossless-alpha.webp")
        for offset in [24, 27] { whole[offset] = 3; whole[offset + 1] = 0; whole[offset + 2] = 0 }
        #expect(Self.outcome(whole) == .failure(.unreadableContainer))
    }
}
