import Foundation
import GIFCodec
import ImageCache
import Synchronization
import Testing
import TestFixtures

@Suite("Disk cache keeps a GIF a GIF")
struct DiskCacheTests {
    static func temporaryCache(log: @escaping @Sendable (String, CacheMiss) -> Void = { _, _ in }) throws -> DiskCache {
        try DiskCache(directory: FileManager.default.temporaryDirectory.appendingPathComponent("gfb-cache-\(UUID().uuidString)").path, log: log)
    }

    static var corpus: [(name: String, bytes: [UInt8])] {
        let synthetic = Fixtures.synthetic.map { ($0.name, $0.container.bytes.array) }
        return synthetic + Fixtures.fixtureGIFs.map { ($0.lastPathComponent, Array(try! Data(contentsOf: $0))) }
    }

    @Test("stored without its bytes, every corpus GIF comes back a GIF with the same frames, delays, loop count and pixels",
          arguments: corpus.map(\.name))
    func reencoded(name: String) throws {
        let original = try #require(Self.corpus.first { $0.name == name }?.bytes)
        let cache = try Self.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        var image = try AnimatedImage(decodingGIF: original)
        image.originalBytes = nil
        let stored = try cache.store(image, key: name)
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: stored.path)))
        #expect(written.first == 0x47)
        #expect(ImageFormat.sniff(written) == .gif)
        let back = try cache.image(forKey: name).get()
        #expect(back.sourceFormat == .gif)
        #expect(back.frames.count == image.frames.count)
        #expect(back.delays == image.delays)
        #expect(back.netscapeLoopValue == image.netscapeLoopValue)
        #expect(back.loopCount == image.loopCount)
        let exact = stored.fidelity.map { $0 == .exact }
        for (index, (before, after)) in zip(image.frameHashes, back.frameHashes).enumerated() where exact[index] {
            #expect(before == after, "frame \(index)")
        }
        #expect(exact.allSatisfy { $0 }, "a corpus frame needed quantising")
    }

    @Test("stored with its bytes, the file is byte-identical to the original", arguments: corpus.map(\.name))
    func original(name: String) throws {
        let original = try #require(Self.corpus.first { $0.name == name }?.bytes)
        let cache = try Self.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let image = try AnimatedImage(decodingGIF: original)
        let stored = try cache.store(image, data: original, key: name)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: stored.path))) == original)
        let back = try cache.bytes(forKey: name, mapped: true).get()
        #expect(back.bytes.isMapped)
        #expect(back.bytes.array == original)
    }

    @Test("an animated image whose format tag is unknown is written as GIF, and a still PNG without bytes is refused")
    func untaggedAnimation() throws {
        let cache = try Self.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let red: [UInt8] = Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }
        let blue: [UInt8] = Array(repeating: [0, 0, 255, 255], count: 4).flatMap { $0 }
        let animated = AnimatedImage(width: 2, height: 2, frames: [red, blue], delays: [FrameDelay(centiseconds: 5), FrameDelay(centiseconds: 7)],
                                     netscapeLoopValue: 3, sourceFormat: .unknown)
        #expect(try cache.store(animated, key: "untagged").format == .gif)
        let back = try cache.image(forKey: "untagged").get()
        #expect(back.frames == [red, blue])
        #expect(back.netscapeLoopValue == 3)
        let still = AnimatedImage(width: 2, height: 2, frames: [red], delays: [FrameDelay(centiseconds: 0)], netscapeLoopValue: nil, sourceFormat: .png)
        #expect(throws: CacheStoreError.self) { try cache.store(still, key: "still") }
    }

    @Test("a frame with more than 255 colours is quantised, and says so")
    func quantisation() throws {
        let cache = try Self.temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        var pixels = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for index in 0..<(32 * 32) {
            pixels[index * 4] = UInt8(index % 256)
            pixels[index * 4 + 1] = UInt8(index / 4 % 256)
            pixels[index * 4 + 2] = UInt8(index * 7 % 256)
        }
        let image = AnimatedImage(width: 32, height: 32, frames: [pixels, pixels], delays: [FrameDelay(centiseconds: 10), FrameDelay(centiseconds: 10)],
                                  netscapeLoopValue: 0, sourceFormat: .gif)
        let stored = try cache.store(image, key: "many-colours")
        guard case .quantised(let colours) = stored.fidelity[0] else {
            Issue.record("expected the frame to be quantised")
            return
        }
        #expect(colours > 255)
        #expect(try cache.image(forKey: "many-colours").get().frames.count == 2)
    }

    @Test("a torn entry reads as a miss with a logged reason, never as an image")
    func tornEntries() throws {
        let misses = Mutex<[String]>([])
        let cache = try Self.temporaryCache { key, miss in misses.withLock { $0.append("\(key): \(miss)") } }
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let original = try #require(Self.corpus.first { $0.name == "src-giflib__fire.gif" }?.bytes)
        let image = try AnimatedImage(decodingGIF: original)

        try cache.store(image, data: original, key: "truncated")
        try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: cache.dataPath("truncated")))
        guard case .failure(.lengthMismatch) = cache.image(forKey: "truncated") else { Issue.record("truncated data served"); return }

        try cache.store(image, data: original, key: "flipped")
        var flipped = original
        flipped[flipped.count / 2] ^= 0xFF
        try Data(flipped).write(to: URL(fileURLWithPath: cache.dataPath("flipped")))
        guard case .failure(.checksumMismatch) = cache.image(forKey: "flipped") else { Issue.record("corrupt data served"); return }

        try cache.store(image, data: original, key: "garbled")
        try Data("{\"schema\": 1".utf8).write(to: URL(fileURLWithPath: cache.metadataPath("garbled")))
        guard case .failure(.unreadableMetadata) = cache.image(forKey: "garbled") else { Issue.record("garbled metadata served"); return }

        try cache.store(image, data: original, key: "half-written")
        try FileManager.default.removeItem(atPath: cache.metadataPath("half-written"))
        guard case .failure(.absent) = cache.image(forKey: "half-written") else { Issue.record("data without metadata served"); return }

        try cache.store(image, data: original, key: "mine")
        let metadata = try String(contentsOfFile: cache.metadataPath("mine"), encoding: .utf8)
        try metadata.replacingOccurrences(of: "\"key\":\"mine\"", with: "\"key\":\"theirs\"")
            .write(toFile: cache.metadataPath("mine"), atomically: true, encoding: .utf8)
        guard case .failure(.keyMismatch(stored: "theirs")) = cache.image(forKey: "mine") else { Issue.record("collision served"); return }

        let logged = misses.withLock { $0 }
        #expect(logged.count == 4, "\(logged)")
        #expect(logged.contains { $0.hasPrefix("truncated: data is") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory).allSatisfy { !$0.contains(".tmp-") })
    }
}
