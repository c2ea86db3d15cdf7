import Foundation
import FrameDecoders
import GIFCodec
import Testing
import TestFixtures
import PlayerModels

/// The decoders play a WebP as they play a GIF: eager, windowed and a library's model, over several loops, lend the
/// frames Pillow composites (Tests/Fixtures/webp/webp-reference-hashes.txt), through the format-free container.
@Suite("WebP through the decoders")
struct WebPPlayingTests {
    static let folder = Fixtures.directory.appendingPathComponent("webp")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".webp") }.sorted()

    /// Pillow's hash of each frame of `file`, in order.
    static func pillow(_ file: String) -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("webp-reference-hashes.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count == 4 && $0[0] == file && $0[1] == "pillow" }.map { $0[3] }
    }

    /// Two loops of `source`'s frames, each hashed as the project's frame identity.
    static func twoLoops(_ source: any AnimatedFrameSource) throws -> [String] {
        try (0..<(2 * source.frameCount)).map { index in
            try source.withFrame(at: index % source.frameCount) { FrameHash(identityOf: $0.pixels).description }
        }
    }

    @Test("every fixture, every decoder, two loops: Pillow's frames", arguments: files)
    func framesMatchPillow(file: String) throws {
        let container = try AnimationFile.open(contentsOfFile: Self.folder.appendingPathComponent(file).path)
        #expect(container.format == .webp)
        let expected = Self.pillow(file)
        try #require(expected.count == container.frameCount)
        let sources: [(String, any AnimatedFrameSource)] = [
            ("eager", try EagerDecoder(container: container)),
            ("windowed w=1", try WindowedDecoder(container: container, window: .frames(1))),
            ("windowed w=3", try WindowedDecoder(container: container, window: .frames(3))),
            ("kingfisher", try ModelDecoder(container: container, rule: KingfisherRule(frameCount: container.frameCount))),
        ]
        for (name, source) in sources {
            #expect(try Self.twoLoops(source) == expected + expected, "\(file), \(name)")
        }
    }

    @Test("a WebP's delays are its stored milliseconds, floored as browsers floor them")
    func delays() throws {
        let container = try AnimationFile.open(contentsOfFile: Self.folder.appendingPathComponent("pillow-lossless-alpha.webp").path)
        #expect(container.delays.map(\.rawMilliseconds) == [40, 60, 80, 40, 60, 80])
        #expect(FrameDelay(milliseconds: 7).effectiveMilliseconds == 100 && FrameDelay(milliseconds: 33).effectiveMilliseconds == 33)
        #expect(container.loopCount == .forever && container.savesCanvas)
    }

}
