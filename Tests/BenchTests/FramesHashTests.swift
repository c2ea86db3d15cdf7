import Playback
import FrameDecoders
import GIFCodec
import Testing

/// The frames hash of a case (docs/decoding.md, "Pixel conventions"): FNV-1a 64 over each frame's own hash, the frames hashed
/// four at a time after playback. Checked against the hash of each frame taken alone, for every remainder of four.
@Suite("Frames hash")
struct FramesHashTests {
    /// `count` frames of 5×3, each a different picture.
    static func container(frames count: Int) throws -> GIFContainer {
        let palette = Palette((0..<16).map { (level: Int) -> RGB in
            let step = UInt8(level)
            return RGB(step &* 16, 255 &- step &* 16, step &* 7)
        })
        let rect = FrameRect(left: 0, top: 0, width: 5, height: 3)
        let frames = (0..<count).map { frame in
            EncoderFrame(rect: rect, indices: (0..<15).map { UInt8(($0 * 3 + frame * 5) % 16) }, delayCentiseconds: 4)
        }
        return try GIFContainer(bytes: GIFBytes(GIFEncoder.encode(EncoderInput(width: 5, height: 3, globalPalette: palette, frames: frames))))
    }

    static func expected(_ container: GIFContainer) throws -> FrameHash {
        let compositor = try Compositor(container: container)
        var hashes: [UInt64] = []
        for _ in 0..<container.frameCount {
            compositor.advance()
            hashes.append(FrameHash(of: compositor.pixels).value.littleEndian)
        }
        #expect(Set(hashes).count == container.frameCount, "every frame differs")
        return hashes.withUnsafeBytes { FrameHash(of: $0) }
    }

    @Test("a loop's hash is FNV-1a over each frame's hash taken alone", arguments: [1, 3, 4, 5, 6, 7, 8, 9])
    func loop(frames: Int) throws {
        let container = try Self.container(frames: frames)
        let expected = try Self.expected(container)
        let player = PlaybackLoop(source: try EagerDecoder(container: container), sampler: nil)
        #expect(try player.framesHash() == expected)
        #expect(try PlaybackLoop.fullSizeFramesHash(container, codec: .default, limits: .default) == expected)
    }
}
