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
        guard fast.count == giflib.count, fast.count == container.frameCount else {
            return "\(fast.count) frames with fast, \(giflib.count) with giflib, \(container.frameCount) in the index"
        }
        for (index, (ours, theirs)) in zip(fast, giflib).enumerated() {
            guard ours.count == theirs.count else { return "frame \(index): \(ours.count) rows with fast, \(theirs.count) with giflib" }
            for (row, (a, b)) in zip(ours, theirs).enumerated() where a.0 != b.0 || a.1 != b.1 {
                return "frame \(index), row \(row) in data order differs"
            }
        }
        return nil
    }

    @Test("identical indices on every fixture GIF", arguments: Fixtures.fixtureGIFs)
    func fixtures(file: URL) throws {
        #expect(try Self.disagreement(try Fixtures.container(file)) == nil, "\(file.lastPathComponent)")
    }

    @Test("identical indices on every shared-corpus GIF the index accepts, damaged ones included", .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)),
          arguments: Fixtures.sharedOnlyGIFs)
    func sharedGIFs(file: URL) throws {
        let container: GIFContainer
        do { container = try Fixtures.container(file) } catch {
            // A file the index refuses never reaches either codec; only the corpus's [corrupt] files may be refused.
            #expect(Fixtures.corruptNames.contains(file.lastPathComponent), "\(file.lastPathComponent) was refused: \(error)")
            return
        }
        #expect(try Self.disagreement(container) == nil, "\(file.lastPathComponent)")
    }

    @Test("the GIFs compared: the 9 fixtures")
    func comparedFixtures() {
        #expect(Fixtures.fixtureGIFs.count == 9)
    }

    @Test("the shared GIFs compared: at least 20, the index refusing at most the 6 [corrupt] ones", .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func comparedShared() {
        #expect(Fixtures.sharedOnlyGIFs.count >= 20)
        let refused = Fixtures.sharedOnlyGIFs.filter { (try? Fixtures.container($0)) == nil }.map(\.lastPathComponent)
        #expect(Set(refused).isSubset(of: Fixtures.corruptNames), "\(refused)")
    }

    @Test("identical indices on the synthetic corpus", arguments: SyntheticCorpus.all.map(\.name))
    func synthetic(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        #expect(try Self.disagreement(container) == nil)
    }
}
