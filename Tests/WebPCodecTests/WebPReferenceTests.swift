import Foundation
import GIFCodec
import Testing
import TestFixtures
import WebPCodec

/// Frames of animated WebPs, lossless and lossy, with alpha and blending, made by Pillow and by gif2webp, hashed as
/// Pillow (its own bundled libwebp) composites them: Tests/Fixtures/webp/webp-reference-hashes.txt.
@Suite("WebP frames against Pillow")
struct WebPReferenceTests {
    static let folder = Fixtures.directory.appendingPathComponent("webp")

    /// File name → Pillow's hash of each frame, in order.
    static let references: [String: [String]] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("webp-reference-hashes.txt"), encoding: .utf8)) ?? ""
        var hashes: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 4, fields[1] == "pillow" else { continue }
            hashes[fields[0], default: []].append(fields[3])
        }
        return hashes
    }()

    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".webp") }.sorted()

    @Test("the fixtures are there, six of them, each with Pillow's hashes")
    func fixturesPresent() {
        #expect(Self.files.count == 6, "\(Self.files)")
        #expect(Set(Self.references.keys) == Set(Self.files))
    }

    @Test("each composited frame hashes as Pillow's", arguments: files)
    func framesMatchPillow(file: String) throws {
        let animation = try WebPAnimation(contentsOfFile: Self.folder.appendingPathComponent(file).path)
        let ours = try animation.frameHashes().map(\.description)
        let theirs = try #require(Self.references[file])
        #expect(ours.count == animation.frames.count)
        #expect(ours == theirs, "\(file)")
    }

    @Test("the container's facts: canvas, frames, durations, coding, blending")
    func facts() throws {
        let lossless = try WebPAnimation(contentsOfFile: Self.folder.appendingPathComponent("pillow-lossless-alpha.webp").path)
        #expect(lossless.width == 40 && lossless.height == 30 && lossless.frames.count == 6 && lossless.storedLoopCount == 0)
        #expect(lossless.frames.map(\.durationMilliseconds) == [40, 60, 80, 40, 60, 80])
        #expect(lossless.frames.allSatisfy { $0.isLossless == true })
        let lossy = try WebPAnimation(contentsOfFile: Self.folder.appendingPathComponent("pillow-lossy.webp").path)
        #expect(lossy.frames.allSatisfy { $0.isLossless == false })
        let mixed = try WebPAnimation(contentsOfFile: Self.folder.appendingPathComponent("gif2webp-mixed__deb-node-nodemailer__nyan.webp").path)
        #expect(mixed.frames.contains { $0.blends } || mixed.frames.contains { $0.width < mixed.width }, "a GIF's sub-rectangles kept as such")
        let still = try WebPAnimation(contentsOfFile: Self.folder.appendingPathComponent("pillow-still-lossless.webp").path)
        #expect(still.frames.count == 1 && still.width == 32, "a still WebP is a one-frame animation")
    }

    @Test("a GIF and a WebP are told apart by their first bytes")
    func sniffing() throws {
        let webp = try GIFBytes(contentsOfFile: Self.folder.appendingPathComponent("pillow-lossy.webp").path)
        #expect(AnimationFormat(sniffing: webp.buffer) == .webp)
        let gif = try GIFBytes(contentsOfFile: Fixtures.directory.appendingPathComponent("src-giflib__fire.gif").path)
        #expect(AnimationFormat(sniffing: gif.buffer) == .gif)
        #expect(AnimationFormat(sniffing: GIFBytes(Array("RIFF\0\0\0\0WAVE".utf8)).buffer) == nil, "a RIFF that is no WebP")
    }
}
