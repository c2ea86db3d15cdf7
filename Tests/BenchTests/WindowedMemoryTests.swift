import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import FrameDecoders
import Foundation
import GIFCodec
import MemoryProbe
import Testing
import TestFixtures

/// What the windowed decoder holds, read in a fresh child process from jemalloc's global figures, so the prefetch
/// thread's allocations count as much as the player's (a per-thread counter sees only its own thread).
@Suite("Windowed decoder memory, all threads", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct WindowedMemoryTests {
    static let names = ["kingfisher-720x720x150", "long-320x240x1000", "restore-previous-300x300x90", "interlaced-400x300x40"]

    static func file(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-windowed-\(getpid())-\(name).gif").path
        if !FileManager.default.fileExists(atPath: path) {
            try BenchProgram.writeSynthetic(name, to: path)
        }
        return path
    }

    /// Allocations beside the decoder's frames, canvases and LZW buffer (palettes, the prefetch queue and index store,
    /// the thread's bookkeeping) and the empty case's own variation: measured at 9–142 KiB over these GIFs and windows.
    /// Less than one frame of the smallest GIF here (300 KiB), so one frame buffer over the rule cannot hide in it.
    static let slackBytes = 256 << 10

    /// The most a case may hold: what the same child holds with no decoder (a calibration case of 0 bytes on the
    /// same GIF: runtime, measurement, file and index), plus the decoder's rule in jemalloc's size classes (window
    /// + 1 frames, the canvas, a saved canvas for disposal 3), the LZW decoder's buffer of the largest frame's
    /// indices, and ``slackBytes``.
    static func limit(_ runner: CaseRunner, name: String, pixelRule: Int, container: GIFContainer) throws -> (limit: Double, base: Double) {
        let empty = runner.run(BenchCase(gif: name, path: try file(name), decoder: .calibration(bytes: 0), loops: 2))
        #expect(empty.failure == nil, "\(empty.failure ?? "")")
        let frameBytes = container.width * container.height * 4
        #expect(pixelRule % frameBytes == 0)
        let buffers = pixelRule / frameBytes * Jemalloc.sizeClass(for: frameBytes)
        let lzw = Jemalloc.sizeClass(for: 256 + container.frames.map { $0.rect.width * $0.rect.height }.max()!)
        let base = empty[.jemallocAllocatedPeak]
        return (base + Double(buffers + lzw + slackBytes), base)
    }

    @Test("peak ≤ an empty case's + the rule's window + 1 frames, canvas and saved canvas + the LZW buffer + 256 KiB; ≥ (N + 1) frames; within 64 KiB of nothing left after release",
          arguments: names)
    func bounded(name: String) throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 120)
        let container = try GIFContainer(contentsOfFile: try Self.file(name))
        for window in [1, 4] {
            let result = runner.run(BenchCase(gif: name, path: try Self.file(name), decoder: .windowed(.frames(window)), loops: 2))
            #expect(result.failure == nil, "\(result.failure ?? "")")
            let frameBytes = result.width * result.height * 4
            let rule = WindowedDecoder.pixelBytes(window: .frames(window), container: container)
            let (limit, base) = try Self.limit(runner, name: name, pixelRule: rule, container: container)
            let peak = result[.jemallocAllocatedPeak]
            #expect(peak <= limit, "window \(window): peak \(peak) over \(limit) by \(peak - limit) (\(peak - base) over an empty case)")
            #expect(peak >= base + Double((window + 1) * frameBytes), "window \(window): the frame pool should be counted")
            #expect(abs(result[.retainedAfterRelease]) < Double(64 << 10), "window \(window): \(result[.retainedAfterRelease]) bytes left")
        }
    }

    @Test("indexed: peak ≤ the windowed limit + the indices' jemalloc blocks, ≥ the frame pool and the indices kept, nothing left after release",
          arguments: names)
    func indexedBounded(name: String) throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 120)
        let container = try GIFContainer(contentsOfFile: try Self.file(name))
        let indices = IndexedDecoder.indexBytesBound(container: container)
        // What jemalloc hands the kept indices: each frame's block rounded up to its size class.
        let indexBlocks = container.frames.reduce(0) { $0 + Jemalloc.sizeClass(for: max(1, $1.rect.width * $1.rect.height)) }
        for window in [1, 4] {
            let result = runner.run(BenchCase(gif: name, path: try Self.file(name), decoder: .indexed(.frames(window)), loops: 2))
            #expect(result.failure == nil, "\(result.failure ?? "")")
            let frameBytes = result.width * result.height * 4
            let rule = IndexedDecoder.pixelBytes(window: .frames(window), container: container)
            let (windowedLimit, base) = try Self.limit(runner, name: name, pixelRule: rule, container: container)
            let limit = windowedLimit + Double(indexBlocks), peak = result[.jemallocAllocatedPeak]
            #expect(peak <= limit, "window \(window): peak \(peak) over \(limit) by \(peak - limit)")
            #expect(peak >= base + Double((window + 1) * frameBytes + indices), "window \(window): the indices should be counted")
            #expect(result[.frameBytesTheoretical] == Double(IndexedDecoder.pixelBytes(window: .frames(window), container: container) + indices))
            #expect(abs(result[.retainedAfterRelease]) < Double(64 << 10), "window \(window): \(result[.retainedAfterRelease]) bytes left")
        }
    }
}
