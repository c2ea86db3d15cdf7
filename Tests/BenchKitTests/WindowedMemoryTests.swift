import BenchCore
import BenchKit
import FrameDecoders
import Foundation
import GIFCodec
import GIFCorpus
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
            let spec = try #require(SyntheticCorpus.spec(named: name))
            FileManager.default.createFile(atPath: path, contents: Data(try SyntheticCorpus.gif(for: spec)))
        }
        return path
    }

    @Test("peak ≤ (N + 3) frames + file + 2 MiB, ≥ (N + 1) frames, and within 64 KiB of nothing left after release", arguments: names)
    func bounded(name: String) throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 120)
        for window in [1, 4] {
            let result = runner.run(BenchCase(gif: name, path: try Self.file(name), decoder: .windowed(.frames(window)), loops: 2))
            #expect(result.failure == nil, "\(result.failure ?? "")")
            let frameBytes = result.width * result.height * 4
            let limit = Double((window + 3) * frameBytes + result.fileBytes + (2 << 20))
            #expect(result[.jemallocAllocatedPeak] <= limit, "window \(window): peak \(result[.jemallocAllocatedPeak]) over \(limit)")
            #expect(result[.jemallocAllocatedPeak] >= Double((window + 1) * frameBytes), "window \(window): the frame pool should be counted")
            #expect(abs(result[.retainedAfterRelease]) < Double(64 << 10), "window \(window): \(result[.retainedAfterRelease]) bytes left")
        }
    }

    @Test("indexed: peak ≤ (N + 3) frames + the indices' jemalloc blocks + file + 2 MiB, ≥ the frame pool and the indices kept, nothing left after release",
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
            let limit = Double((window + 3) * frameBytes + indexBlocks + result.fileBytes + (2 << 20))
            #expect(result[.jemallocAllocatedPeak] <= limit, "window \(window): peak \(result[.jemallocAllocatedPeak]) over \(limit)")
            #expect(result[.jemallocAllocatedPeak] >= Double((window + 1) * frameBytes + indices), "window \(window): the indices should be counted")
            #expect(result[.frameBytesTheoretical] == Double(IndexedDecoder.pixelBytes(window: .frames(window), container: container) + indices))
            #expect(abs(result[.retainedAfterRelease]) < Double(64 << 10), "window \(window): \(result[.retainedAfterRelease]) bytes left")
        }
    }
}
