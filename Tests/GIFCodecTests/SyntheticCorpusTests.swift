import GIFCorpus
import Testing
import TestFixtures

@Suite("Synthetic corpus")
struct SyntheticCorpusTests {
    @Test("has the named cases of the issue")
    func names() {
        let names = Set(SyntheticCorpus.all.map(\.name))
        for required in ["kingfisher-720x720x150", "feed-480x480x150", "sticker-240x240x60", "emoji-64x64x24",
                         "long-320x240x1000", "screencast-800x600x120", "restore-previous-300x300x90", "interlaced-400x300x40"] {
            #expect(names.contains(required))
        }
    }

    @Test("each GIF matches its spec", arguments: SyntheticCorpus.all)
    func matchesSpec(spec: SyntheticSpec) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == spec.name }?.container)
        #expect(container.width == spec.width && container.height == spec.height)
        #expect(container.frameCount == spec.frameCount)
        #expect(container.loopCount == .forever)
        #expect(container.frames.allSatisfy { $0.delay.centiseconds == spec.delayCentiseconds })
        switch spec.scene {
        case .sticker: #expect(container.frames.allSatisfy { $0.disposal == .background && $0.transparentIndex != nil })
        case .restorePrevious: #expect(container.frames.filter { $0.disposal == .previous }.count > spec.frameCount / 2)
        case .interlaced: #expect(container.frames.allSatisfy(\.interlaced) && container.frames.contains { $0.localPalette != nil })
        case .screencast:
            let area = container.frames.dropFirst().map { $0.rect.width * $0.rect.height }.reduce(0, +) / (spec.frameCount - 1)
            #expect(area < spec.width * spec.height / 4, "sub-rectangles average \(area) pixels")
        default: break
        }
    }

    @Test("the seed case is about 1 MB: 150 frames of 720×720 at 40 ms")
    func seedCase() throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == "kingfisher-720x720x150" }?.container)
        #expect((800_000...1_400_000).contains(container.bytes.count))
        #expect(container.frames[0].delay.effectiveMilliseconds == 40)
    }

    @Test("encoding is deterministic")
    func deterministic() throws {
        for spec in SyntheticCorpus.all where spec.eagerBytes < 50_000_000 {
            let first = try SyntheticCorpus.gif(for: spec)
            let again = try SyntheticCorpus.gif(for: spec)
            #expect(first == again, "\(spec.name)")
        }
    }
}
