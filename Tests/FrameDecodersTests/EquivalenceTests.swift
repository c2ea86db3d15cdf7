import Foundation
import FrameDecoders
import GIFCodec
import GIFCorpus
import Testing
import TestFixtures

/// The windowed decoder must yield exactly the eager decoder's frames, in every window and loop.
@Suite("Windowed frames (windows 1, 2, 3, 8 and keep-all) are byte-identical to eager frames")
struct EquivalenceTests {
    static let windows: [PrefetchWindow] = [.frames(1), .frames(2), .frames(3), .frames(8), .all]

    static var realGIFs: [URL] { Fixtures.fixtureGIFs + Fixtures.sharedOnlyGIFs }

    @Test("synthetic corpus, windows 1, 2, 3, 8, two loops", arguments: SyntheticCorpus.all.map(\.name))
    func synthetic(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        try Self.checkEquivalence(container)
    }

    @Test("real GIFs, windows 1, 2, 3, 8, two loops", arguments: realGIFs)
    func real(file: URL) throws {
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

    static func checkEquivalence(_ container: GIFContainer) throws {
        let eager = try EagerDecoder(container: container)
        for window in windows {
            let windowed = try WindowedDecoder(container: container, window: window)
            for loop in 0..<2 {
                for index in 0..<container.frameCount {
                    let mismatch = try windowed.withFrame(at: index) { frame in
                        try! eager.withFrame(at: index) { reference in
                            frame.pixels.count != reference.pixels.count
                                || memcmp(frame.pixels.baseAddress!, reference.pixels.baseAddress!, reference.pixels.count) != 0
                                || frame.status != reference.status
                        }
                    }
                    if mismatch {
                        Issue.record("window \(window), loop \(loop), frame \(index) differs from eager")
                        return
                    }
                }
            }
        }
    }
}
