import Foundation
import GIFCodec
import GIFCorpus
import Testing
import TestFixtures

/// The fast LZW decoder against giflib, the oracle: the same indices, row for row, on every GIF the project has.
@Suite("The fast LZW decoder agrees with giflib")
struct CodecAgreementTests {
    /// Every frame's rows with one codec: (display row, indices) in data order.
    static func rows(_ container: GIFContainer, codec: LZWCodec) throws -> [[(Int, [UInt8])]] {
        let reader = try FrameIndexReader(container: container, codec: codec)
        return (0..<container.frameCount).map { index in
            var rows: [(Int, [UInt8])] = []
            reader.decode(frame: index) { number, row in rows.append((number, Array(row))) }
            return rows
        }
    }

    /// Where the two codecs' rows of one GIF part, as text; nil when they agree on every row of every frame.
    static func disagreement(_ container: GIFContainer) throws -> String? {
        let fast = try rows(container, codec: .fast)
        let giflib = try rows(container, codec: .giflib)
        for (index, (ours, theirs)) in zip(fast, giflib).enumerated() {
            guard ours.count == theirs.count else { return "frame \(index): \(ours.count) rows with fast, \(theirs.count) with giflib" }
            for (row, (a, b)) in zip(ours, theirs).enumerated() where a.0 != b.0 || a.1 != b.1 {
                return "frame \(index), row \(row) in data order differs"
            }
        }
        return nil
    }

    static var files: [URL] { Fixtures.fixtureGIFs + Fixtures.sharedOnlyGIFs }

    @Test("identical indices on every fixture and shared-corpus GIF, damaged ones included", arguments: files)
    func realGIFs(file: URL) throws {
        let container: GIFContainer
        do { container = try Fixtures.container(file) } catch {
            // A file the index refuses never reaches either codec.
            return
        }
        #expect(try Self.disagreement(container) == nil, "\(file.lastPathComponent)")
    }

    @Test("identical indices on the synthetic corpus", arguments: SyntheticCorpus.all.map(\.name))
    func synthetic(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        #expect(try Self.disagreement(container) == nil)
    }
}
