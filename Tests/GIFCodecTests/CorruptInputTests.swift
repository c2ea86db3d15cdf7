import Foundation
import GIFCodec
import Testing
import TestFixtures

@Suite("Corrupt files give a clean error or a partial play")
struct CorruptInputTests {
    @Test("every [corrupt] file of the shared corpus", arguments: Fixtures.corruptNames.sorted())
    func corrupt(name: String) throws {
        guard let corpus = Fixtures.sharedCorpus else {
            print(Fixtures.sharedCorpusMissing)
            return
        }
        do {
            let container = try GIFContainer(contentsOfFile: corpus.appendingPathComponent(name).path)
            let compositor = try Compositor(container: container)
            for _ in 0..<(2 * container.frameCount) { compositor.advance() }
            #expect(compositor.pixels.count == container.frameBytes)
        } catch {
            #expect(!error.description.isEmpty, "a clean, typed error")
        }
    }

    @Test("random bytes after a GIF header never crash the index or the compositor")
    func garbage() throws {
        var generator = SplitMix(seed: 42)
        for length in stride(from: 13, to: 400, by: 7) {
            var bytes = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0] + Array(repeating: UInt8(0), count: 6)
            bytes += (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            guard let container = try? GIFContainer(bytes: GIFBytes(bytes)) else { continue }
            let compositor = try Compositor(container: container)
            for _ in 0..<container.frameCount { compositor.advance() }
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
