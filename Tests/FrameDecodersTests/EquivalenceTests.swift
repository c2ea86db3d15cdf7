import Foundation
import FrameDecoders
import GIFCodec
import GIFCorpus
import Testing
import TestFixtures
import PlayerModels

/// Every decoder must yield exactly the eager decoder's frames drawn with giflib, in every window, loop and codec.
@Suite("The windowed and indexed decoders, windows 1, 2, 3, 8 and keep-all, with either codec, and the library players are byte-identical to giflib's eager frames")
struct EquivalenceTests {
    static let windows: [PrefetchWindow] = [.frames(1), .frames(2), .frames(3), .frames(8), .all]

    @Test("synthetic corpus, windows 1, 2, 3, 8, two loops", arguments: SyntheticCorpus.all.map(\.name))
    func synthetic(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        try Self.checkEquivalence(container)
    }

    @Test("the fixture GIFs, windows 1, 2, 3, 8, two loops", arguments: Fixtures.fixtureGIFs)
    func fixtures(file: URL) throws {
        try Self.checkEquivalence(try Fixtures.container(file))
    }

    @Test("the shared corpus's GIFs, windows 1, 2, 3, 8, two loops",
          .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)), arguments: Fixtures.sharedOnlyGIFs)
    func shared(file: URL) throws {
        do {
            try Self.checkEquivalence(try Fixtures.container(file))
        } catch {
            #expect(Fixtures.corruptNames.contains(file.lastPathComponent), "\(file.lastPathComponent): \(error)")
        }
    }

    @Test("a jump backwards or forwards gives the same frame as eager")
    func randomAccess() throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == "restore-previous-300x300x90" }?.container)
        let eager = try EagerDecoder(container: container)
        let windowed = try WindowedDecoder(container: container, window: 3)
        for index in [0, 1, 2, 50, 51, 10, 89, 0, 5, 4, 88, 89, 0] {
            let same = try windowed.withFrame(at: index) { frame in
                try! eager.withFrame(at: index) { reference in memcmp(frame.pixels.baseAddress!, reference.pixels.baseAddress!, reference.pixels.count) == 0 }
            }
            #expect(same, "frame \(index)")
        }
        #expect(throws: GIFError.frameOutOfRange(90, frameCount: 90)) { try windowed.withFrame(at: 90) { _ in () } }
    }

    /// The library players' rules for `container`; SDWebImage with a pool of 3, so it frees frames.
    static func libraryRules(_ container: GIFContainer) -> [any RetentionRule] {
        [KingfisherRule(frameCount: container.frameCount), YLGIFImageRule(frameCount: container.frameCount),
         FLAnimatedImageRule(frameCount: container.frameCount, frameBytes: container.frameBytes),
         FLAnimatedImageRule(frameCount: container.frameCount, cacheSize: 1),
         SDWebImageRule(frameCount: container.frameCount, maxBufferCount: 3)]
    }

    /// Every decoder, with each codec, against giflib's eager frames: the same pixels, frame for frame, over two loops;
    /// the same verdict on whether each frame came out whole (the error texts differ by codec).
    static func checkEquivalence(_ container: GIFContainer) throws {
        let reference = try EagerDecoder(container: container, codec: .giflib)
        for codec in LZWCodec.allCases {
            let sources: [(String, any AnimatedFrameSource)] = try [("eager", EagerDecoder(container: container, codec: codec))]
                + windows.map { window in ("window \(window)", try WindowedDecoder(container: container, window: window, codec: codec)) }
                + windows.map { window in ("indexed \(window)", try IndexedDecoder(container: container, window: window, codec: codec)) }
                + (codec == .fast ? libraryRules(container).map { rule in (rule.name, try ModelDecoder(container: container, rule: rule, codec: codec)) } : [])
            for (name, source) in sources {
                for loop in 0..<2 {
                    for index in 0..<container.frameCount {
                        let mismatch = try source.withFrame(at: index) { frame in
                            try! reference.withFrame(at: index) { expected in
                                frame.pixels.count != expected.pixels.count
                                    || memcmp(frame.pixels.baseAddress!, expected.pixels.baseAddress!, expected.pixels.count) != 0
                                    || (frame.status == .complete) != (expected.status == .complete)
                            }
                        }
                        if mismatch {
                            Issue.record("\(name), \(codec) codec, loop \(loop), frame \(index) differs from giflib's eager frame")
                            return
                        }
                    }
                }
            }
        }
    }
}
