import Foundation
import GIFCodec
import ImageCache
import Testing
import TestFixtures
import WebPCodec

/// The store path keeps a WebP a WebP, as it keeps a GIF a GIF: the original bytes when it has them, otherwise a
/// lossless re-encode with every frame, its duration and the loop count.
@Suite("Disk cache keeps a WebP a WebP")
struct WebPCacheTests {
    static let folder = Fixtures.directory.appendingPathComponent("webp")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".webp") }.sorted()

    @Test("stored without its bytes, a WebP comes back a WebP with every frame, its durations and loop count", arguments: files)
    func reencoded(file: String) throws {
        let original = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let cache = try DiskCacheTests.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let image = try AnimatedImage(decodingWebP: original, keepingOriginal: false)
        #expect(image.originalBytes == nil)
        let stored = try cache.store(image, key: file)
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: stored.path)))
        #expect(stored.format == ImageFormat.sniff(original), "an animated WebP stays animated, a still stays a still")
        #expect(ImageFormat.sniff(written) == ImageFormat.sniff(original))
        let back = try cache.image(forKey: file).get()
        #expect(back.frames.count == image.frames.count)
        #expect(back.durationsMilliseconds == image.durationsMilliseconds)
        #expect(back.loopCount == image.loopCount)
        #expect(back.identityHashes == image.identityHashes, "\(file): lossless, frame for frame")
    }

    @Test("stored with its bytes, the file is byte-identical to the original", arguments: files)
    func original(file: String) throws {
        let original = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let cache = try DiskCacheTests.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let stored = try cache.store(try AnimatedImage(decodingWebP: original), data: original, key: file)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: stored.path))) == original)
    }

    @Test("two equal frames in a row stay two frames, each with its own duration")
    func repeatedFrames() throws {
        let red: [UInt8] = (0..<(4 * 4 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 }
        let bytes = try WebPAnimationWriter.lossless(width: 4, height: 4, frames: [red, red, red], durations: [30, 40, 50], loopCount: 2)
        let animation = try WebPAnimation(bytes: GIFBytes(bytes))
        #expect(animation.frames.map { $0.durationMilliseconds } == [30, 40, 50])
        #expect(animation.storedLoopCount == 2)
    }
}
