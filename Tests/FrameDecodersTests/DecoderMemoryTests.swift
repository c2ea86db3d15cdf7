import Foundation
import FrameDecoders
import GIFCodec
import MemoryProbe
import Testing
import TestFixtures

/// What the eager decoder holds, from jemalloc's per-thread counters (immune to tests running beside this one): it
/// decodes on the calling thread only, so that thread's counters see all of it. The windowed decoder's memory is
/// read in a child process, all threads together (`WindowedMemoryTests` in BenchKitTests).
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

/// The eager decoder's frame store asks jemalloc for huge-page-friendly blocks, never for more bytes than one block per
/// frame would cost, and never lets two frames share bytes.
@Suite("Eager frame store layout")
struct FrameStoreLayoutTests {
    @Test("every layout costs what one allocation per frame costs, and its frames fit their blocks without overlap",
          arguments: [1, 7_200, 230_400, 262_144, 307_200, 1_048_576, 1_500_000, 2_073_600, 3_000_000, 4_194_304])
    func sameCost(frameBytes: Int) {
        for frameCount in [1, 3, 8, 33, 150, 1000] {
            let layout = FrameStoreLayout.plan(frameCount: frameCount, frameBytes: frameBytes)
            #expect(layout.chunks.reduce(0) { $0 + $1.frames } == frameCount)
            #expect(layout.chargedBytes == frameCount * FrameStoreLayout.sizeClass(frameBytes),
                    "\(frameCount) frames of \(frameBytes) bytes: \(layout.chargedBytes) charged")
            for chunk in layout.chunks where chunk.frames > 1 {
                #expect(layout.stride >= frameBytes && chunk.frames * layout.stride <= chunk.bytes)
                #expect(chunk.hugePages && chunk.bytes % FrameStoreLayout.hugePage == 0)
            }
        }
    }

    @Test("a store of 64 MiB or more gets huge pages (small frames sharing 2 MiB blocks); a smaller one keeps one block per frame")
    func whichLayout() {
        #expect(FrameStoreLayout.plan(frameCount: 150, frameBytes: 2_073_600).chunks.allSatisfy { $0.frames == 1 && $0.hugePages })
        let packed = FrameStoreLayout.plan(frameCount: 300, frameBytes: 262_144)
        #expect(packed.chunks.first == .init(frames: 64, bytes: 16 << 20, hugePages: true), "\(packed.chunks.prefix(2))")
        #expect(FrameStoreLayout.plan(frameCount: 33, frameBytes: 7_200).chunks.allSatisfy { $0.frames == 1 && !$0.hugePages })
        // 60 frames of 240×240 (14 MB): a store below 64 MiB keeps one block per frame, on the pages jemalloc reuses.
        #expect(FrameStoreLayout.plan(frameCount: 60, frameBytes: 230_400).chunks.allSatisfy { $0.frames == 1 && !$0.hugePages })
        // A 307,200-byte frame's class is 320 KiB: 6% of each block unused would sit on huge pages as resident memory.
        #expect(FrameStoreLayout.plan(frameCount: 1000, frameBytes: 307_200).chunks.allSatisfy { !$0.hugePages })
    }

    @Test("frames packed into shared 2 MiB blocks come back each as the compositor drew it")
    func packedFramesAreTheCompositorsFrames() throws {
        // 300 frames of 256×256 (256 KiB, an exact size class): a 75 MiB store, packed 64 frames to a 16 MiB block.
        let side = 256, count = 300
        #expect(FrameStoreLayout.plan(frameCount: count, frameBytes: side * side * 4).chunks.first?.frames == 64)
        let palette = Palette((0..<256).map { RGB(UInt8($0), UInt8(255 - $0), UInt8($0 / 2)) })
        let frames = (0..<count).map { index in
            // Each frame a 16×16 square of its own colour at its own place, over what came before.
            EncoderFrame(rect: FrameRect(left: (index * 16) % (side - 16), top: (index * 7) % (side - 16), width: 16, height: 16),
                         indices: Array(repeating: UInt8(index % 256), count: 256), delayCentiseconds: 2)
        }
        let bytes = try GIFEncoder.encode(EncoderInput(width: side, height: side, globalPalette: palette, frames: frames))
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let eager = try EagerDecoder(container: container)
        let compositor = try Compositor(container: container)
        for index in 0..<count {
            compositor.advance()
            let expected = FrameHash(of: compositor.pixels)
            let kept = try eager.withFrame(at: index) { FrameHash(of: $0.pixels) }
            #expect(kept == expected, "frame \(index)")
        }
    }
}
