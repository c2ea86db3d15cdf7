import Foundation
import FrameDecoders
import MemoryProbe
import Testing
import TestFixtures

/// What the eager decoder holds, from jemalloc's per-thread counters (immune to tests running beside this one): it
/// decodes on the calling thread only, so that thread's counters see all of it. The windowed decoder's memory is
/// read in a child process, all threads together (`WindowedMemoryTests` in BenchTests).
@Suite("Decoder memory, measured by jemalloc", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct DecoderMemoryTests {
    static let cases = ["kingfisher-720x720x150", "long-320x240x1000", "restore-previous-300x300x90", "interlaced-400x300x40"]

    init() throws { try Jemalloc.verifyServingThisProcess() }

    /// jemalloc hands each frame its size class (nallocx), e.g. 320 KiB for a 300 KiB frame; that rounding is real memory.
    @Test("after decoding, the eager decoder holds frames × width × height × 4 bytes (±5%, on jemalloc's size class)", arguments: cases)
    func eagerHoldsEveryFrame(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        let before = try ThreadAllocationTotals.current()
        let decoder = try EagerDecoder(container: container)
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        let expected = container.frameCount * Jemalloc.sizeClass(for: container.frameBytes)
        #expect(held >= container.frameCount * container.frameBytes)
        #expect(abs(held - expected) <= expected / 20, "held \(held) bytes, expected \(expected)")
        withExtendedLifetime(decoder) {}
    }

    @Test("kept at a 240×240 display, the eager decoder holds frames × 240 × 240 × 4 bytes (±5%): the full-size canvas is gone",
          arguments: ["kingfisher-720x720x150", "restore-previous-300x300x90"])
    func eagerAtDisplaySize(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        let display = DisplaySize(width: 240, height: 240)
        let before = try ThreadAllocationTotals.current()
        let decoder = try EagerDecoder(container: container, display: display)
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        let kept = try #require(display.heldSize(screenWidth: container.width, screenHeight: container.height))
        let expected = container.frameCount * Jemalloc.sizeClass(for: kept.width * kept.height * 4)
        #expect(EagerDecoder.pixelBytes(container: container, display: display) == container.frameCount * kept.width * kept.height * 4)
        #expect(abs(held - expected) <= expected / 20, "held \(held) bytes, expected \(expected)")
        withExtendedLifetime(decoder) {}
    }
}

/// The prefetch thread's lifetime; no jemalloc needed, so it runs under ThreadSanitizer too.
@Suite("Prefetch thread lifetime")
struct PrefetchThreadTests {
    @Test("releasing a windowed decoder ends its background thread")
    func threadEnds() async throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == "emoji-64x64x24" }?.container)
        var name = ""
        do {
            let decoder = try WindowedDecoder(container: container, window: 2)
            name = decoder.prefetchThreadName
            for index in 0..<10 { try decoder.withFrame(at: index) { _ in () } }
            #expect(try await Self.threadAlive(named: name, expected: true))
        }
        #expect(try await !Self.threadAlive(named: name, expected: false))
    }

    /// Polls `/proc/self/task/*/comm` for up to 5 s until the thread's presence matches `expected`.
    static func threadAlive(named name: String, expected: Bool) async throws -> Bool {
        for _ in 0..<500 {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            let alive = tasks.contains { task in
                (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == name
            }
            if alive == expected { return alive }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return !expected
    }
}
