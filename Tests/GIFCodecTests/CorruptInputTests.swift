import Foundation
import GIFCodec
import Testing
import TestFixtures

/// A hang fails the suite: each test has 2 minutes, or 30 in a sanitizer build, where Swift Testing's clock also
/// counts the time a test waits for a free thread behind much slower tests.
@Suite("Corrupt files give a clean error or a partial play", .timeLimit(Fixtures.jemallocServes ? .minutes(2) : .minutes(30)))
struct CorruptInputTests {
    /// What the playability check must say of each `[corrupt]` file of the shared corpus (docs/bad-input.md).
    static let expected: [String: String] = [
        "gh-image-gif__crashtest-issue-117-out-of-range.gif": "every frame fails to decode",
        "gh-image-gif__stall-issue-101-infinite-empty-loop.gif": "6727x65351 screen",
        "gh-libnsgif__lzwof.gif": "neither a global palette nor any local palette",
        "gh-wuffs__hippopotamus.interlaced.truncated.gif": "every frame fails to decode",
        "gh-wuffs__pixel-data-not-enough.gif": "every frame fails to decode",
        "gh-wuffs__zero-width-frame.gif": "every frame has zero width or height",
    ]

    @Test("every [corrupt] file of the shared corpus is refused by the playability check, for its own reason",
          .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)), arguments: Fixtures.corruptNames.sorted())
    func corrupt(name: String) throws {
        let corpus = try #require(Fixtures.sharedCorpus, "\(Fixtures.sharedCorpusMissing)")
        let reason = try #require(Self.expected[name], "no expected outcome for \(name)")
        do {
            let container = try GIFContainer(contentsOfFile: corpus.appendingPathComponent(name).path)
            let playability = try Playability.check(container)
            Issue.record("\(name) was found playable: \(playability.completeFrames) whole frames")
        } catch {
            #expect(error.description.contains(reason), "\(name): \(error.description)")
        }
    }

    /// A 4×4 GIF whose one frame's LZW data is `payload`, cut into sub-blocks of up to 255 bytes.
    static func frame(minimumCodeSize: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x81, 0, 0] + [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255]
        bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, minimumCodeSize]
        var rest = payload[...]
        while !rest.isEmpty {
            let block = rest.prefix(255)
            bytes.append(UInt8(block.count))
            bytes += block
            rest = rest.dropFirst(block.count)
        }
        return bytes + [0, 0x3B]
    }

    @Test("random LZW data in a well-formed frame: the index accepts it, the compositor plays it or reports partial, never hangs")
    func garbage() throws {
        var generator = SplitMix(seed: 42)
        var indexed = 0, refused = 0, complete = 0, partial = 0
        for length in stride(from: 1, to: 400, by: 7) {
            let payload = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let bytes = Self.frame(minimumCodeSize: 2, payload: payload)
            let container = try GIFContainer(bytes: GIFBytes(bytes))
            indexed += 1
            #expect(container.frameCount == 1)
            do {
                let playability = try Playability.check(container)
                #expect(playability.frames == 1)
                complete += playability.completeFrames
                partial += playability.partialFrames
            } catch {
                guard case .noDrawableFrame = error else { Issue.record("unexpected error \(error)"); continue }
                refused += 1
            }
            let compositor = try Compositor(container: container)
            for _ in 0..<3 { _ = compositor.advance() }
        }
        #expect(indexed == 57)
        #expect(refused + complete + partial == indexed)
        // Random codes end a frame early more often than not, but some do draw rows: both paths were exercised.
        #expect(refused > 0)
        #expect(complete + partial > 0)
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
