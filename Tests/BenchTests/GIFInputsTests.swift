import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import GIFCodec
import GIFCorpus
import FrameDecoders
import Testing
import TestFixtures

@Suite("Inputs: one name per file")
struct GIFInputsTests {
    /// Two folders holding different GIFs called x.gif, and the paths of both.
    static func twoStems() throws -> (URL, [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-stems-\(UUID().uuidString)")
        var paths: [String] = []
        for (folder, spec) in [("a", "emoji-64x64x24"), ("b", "sticker-240x240x60")] {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("x.gif").path
            try BenchProgram.writeSynthetic(spec, to: path)
            paths.append(path)
        }
        return (root, paths)
    }

    @Test("two GIFs with one stem get names their folders tell apart; one file given twice is one input")
    func names() throws {
        let (root, paths) = try Self.twoStems()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = try GIFInputs.resolve(paths + [paths[0]])
        #expect(inputs.map(\.name) == ["a/x", "b/x"])
        let viaFolders = try GIFInputs.resolve([root.appendingPathComponent("a").path, root.appendingPathComponent("b").path])
        #expect(viaFolders.map(\.name) == ["a/x", "b/x"])
        #expect(try GIFInputs.resolve([paths[1]]).map(\.name) == ["x"])
    }

    @Test("bench run measures both files, not one of them twice",
          .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func bothMeasured() throws {
        let (root, paths) = try Self.twoStems()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("report").path
        let outcome = try BenchProgram.run(["run", "--gif", paths[0], "--gif", paths[1], "--decoders", "eager",
                                                   "--quick", "--repetitions", "1", "--out", out], timeout: 120)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let report = try BenchProgram.report(in: out)
        let widths = Dictionary(report.results.map { ($0.benchCase.gif, [$0.width]) }, uniquingKeysWith: +)
        #expect(widths == ["a/x": [64], "b/x": [240]])
    }
}

/// Issue 17: the real many-frame GIFs the repository ships, as a corpus beside the synthetic one.
@Suite("Real corpus")
struct RealCorpusTests {
    @Test("--corpus real names the five shipped many-frame GIFs; all adds the synthetic nine; --gif alone plays no corpus")
    func corpusChoice() throws {
        let real = try GIFInputs.resolve([], corpus: .real)
        #expect(real.count == 5)
        for input in real {
            guard case .file(let path) = input.source else { Issue.record("\(input.name) is not a file"); continue }
            let container = try GIFContainer(contentsOfFile: path)
            #expect(container.frameCount >= 30, "\(input.name): \(container.frameCount) frames")
        }
        #expect(try GIFInputs.resolve([], corpus: .all).count == SyntheticCorpus.all.count + 5)
        #expect(try GIFInputs.resolve([]).count == SyntheticCorpus.all.count)
        let one = real[0]
        guard case .file(let path) = one.source else { Issue.record("\(one.name) is not a file"); return }
        #expect(try GIFInputs.resolve([path]).count == 1)
        #expect(try GIFInputs.resolve([path], corpus: .synthetic).count == SyntheticCorpus.all.count + 1)
    }

    @Test("where WebP is played, each real GIF is followed by its gif2webp twin (same canvas, no more frames), the synthetic corpus gains the lossy sticker, and a folder lists its .webp files (issue 51)")
    func webpTwins() throws {
        let real = try GIFInputs.resolve([], corpus: .real, acceptsWebP: true)
        #expect(real.count == 10)
        for pair in stride(from: 0, to: real.count, by: 2) {
            guard case .file(let gifPath) = real[pair].source, case .file(let twinPath) = real[pair + 1].source else {
                Issue.record("\(real[pair].name) or its twin is not a file"); continue
            }
            #expect(real[pair + 1].name == real[pair].name + ".webp")
            let gif = try GIFContainer(contentsOfFile: gifPath)
            let twin = try AnimationFile.open(contentsOfFile: twinPath)
            #expect(twin.format == .webp && twin.width == gif.width && twin.height == gif.height, "\(twinPath)")
            #expect(twin.frameCount >= 2 && twin.frameCount <= gif.frameCount, "\(twinPath): \(twin.frameCount) of \(gif.frameCount) frames")
        }
        let synthetic = try GIFInputs.resolve([], acceptsWebP: true)
        #expect(synthetic.map(\.name) == SyntheticCorpus.all.map(\.name) + ["sticker-240x240x60.lossy-q75.webp"])
        guard case .syntheticWebP(let spec, .lossy(quality: 75)) = synthetic.last?.source else {
            Issue.record("the last synthetic input is no lossy WebP twin: \(String(describing: synthetic.last?.source))"); return
        }
        #expect(spec.name == "sticker-240x240x60")
        let folder = Fixtures.directory.appendingPathComponent("webp").path
        #expect(try GIFInputs.resolve([folder], acceptsWebP: true).count == 6)
        #expect(throws: UsageError.self) { try GIFInputs.resolve([folder]) }
    }
}
