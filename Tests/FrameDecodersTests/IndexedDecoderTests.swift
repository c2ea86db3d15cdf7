import FrameDecoders
import GIFCodec
import Testing
import TestFixtures

/// The indexed decoder decodes each frame's LZW once and composites every later loop from the indices it kept.
@Suite("The indexed decoder")
struct IndexedDecoderTests {
    @Test("each frame's LZW is decoded once: three loops decode and keep what one loop did, within the rule's bound",
          arguments: ["kingfisher-720x720x150", "screencast-800x600x120", "restore-previous-300x300x90", "interlaced-400x300x40"])
    func decodesOnce(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        for codec in LZWCodec.allCases {
            let decoder = try IndexedDecoder(container: container, window: .frames(3), codec: codec)
            for index in 0..<container.frameCount { try decoder.withFrame(at: index) { _ in () } }
            decoder.waitUntilPrefetched()
            let afterOneLoop = decoder.keptIndexBytes
            #expect(afterOneLoop == IndexedDecoder.indexBytesBound(container: container), "\(name), \(codec)")
            for _ in 0..<2 {
                for index in 0..<container.frameCount { try decoder.withFrame(at: index) { _ in () } }
            }
            decoder.waitUntilPrefetched()
            #expect(decoder.keptIndexBytes == afterOneLoop, "\(name), \(codec): indices were decoded and kept again")
            // Three loops and the window prefetched into a fourth: still one LZW decode per frame.
            #expect(decoder.lzwDecodes == container.frameCount, "\(name), \(codec): \(decoder.lzwDecodes) LZW decodes of \(container.frameCount) frames")
        }
    }

    @Test("the indices take one byte per pixel of each frame's own rectangle, not four of the screen")
    func indexBound() throws {
        let screencast = try #require(Fixtures.synthetic.first { $0.name == "screencast-800x600x120" }?.container)
        let bound = IndexedDecoder.indexBytesBound(container: screencast)
        #expect(bound == screencast.frames.reduce(0) { $0 + $1.rect.width * $1.rect.height })
        #expect(bound * 10 < EagerDecoder.pixelBytes(container: screencast))
    }
}
