import BenchRunning
import CaseModel
import FrameDecoders
import Foundation
import GIFCodec
import Testing
import TestFixtures

/// `bench run` plays a WebP as it plays a GIF: eager, windowed and the libraries whose players decode WebP, to the
/// same frames; the GIF-only players are left out with one line saying why, and a run of nothing else exits 2.
@Suite struct WebPRunTests {
    static let webp = Fixtures.directory.appendingPathComponent("webp/gif2webp-lossless__src-giflib__fire.webp").path

    @Test func playsEagerWindowedAndWebPLibraries() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-webp-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = BenchProgram.inProcess(["run", "--gif", Self.webp, "--decoders", "eager,windowed", "--windows", "2",
                                        "--policies", "kingfisher,flanimatedimage,ylgifimage,sdwebimage", "--no-references",
                                        "--loops", "2", "--repetitions", "1", "--warmup", "0", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("is not played on gif2webp-lossless__src-giflib__fire.webp: FLAnimatedImage takes GIF data only"),
                "\(run.errors)")
        #expect(run.errors.contains("YLGIFImage reads GIF only"), "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(Set(report.results.map(\.benchCase.decoder.name)) == ["eager", "windowed", "kingfisher", "sdwebimage"])
        #expect(report.results.allSatisfy { $0.failure == nil }, "\(report.results.compactMap(\.failure))")
        #expect(Set(report.results.map(\.framesHash)).count == 1, "every player lends the same frames")
        let animation = try AnimationFile.open(contentsOfFile: Self.webp)
        #expect(report.results.allSatisfy { $0.frames == animation.frameCount && $0.width == animation.width })
        let replay = try #require(report.replay, "a WebP's run answers from its traces, as a GIF's does")
        #expect(replay.answers.allSatisfy { $0.libraries.map(\.setting) == ["kingfisher", "sdwebimage"] },
                "the replay gives no verdict for a player that cannot play a WebP")
    }

    @Test func gifOnlyPlayersAloneExitTwoInOneLine() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-webp-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = BenchProgram.inProcess(["run", "--gif", Self.webp, "--decoders", "indexed", "--windows", "2", "--no-references",
                                        "--repetitions", "1", "--out", out])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1 && run.errors.contains("indexed w=2 is not played on"), "\(run.errors)")
        #expect(run.errors.contains("LZW indices"))
        #expect(!FileManager.default.fileExists(atPath: out + "/results.json"))
    }

    /// `bench corpus --webp` writes each GIF's twins; the lossless one shows the GIF's frames exactly, with its delays.
    /// As gif2webp's, a frame equal to the one before is merged into it: the loop keeps its length.
    @Test func corpusTwinsKeepTheFrames() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-twins-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = BenchProgram.inProcess(["corpus", "--out", out, "--only", "sticker-240x240x60,emoji-64x64x24", "--webp"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("sticker") }.sorted()
                == ["sticker-240x240x60.gif", "sticker-240x240x60.lossless.webp", "sticker-240x240x60.lossy-q75.webp"])
        func frames(_ name: String) throws -> (hashes: [String], delays: [FrameDelay], format: AnimationFormat) {
            let container = try AnimationFile.open(contentsOfFile: out + "/" + name)
            let eager = try EagerDecoder(container: container)
            let hashes = try (0..<container.frameCount).map { index in
                try eager.withFrame(at: index) { FrameHash(identityOf: $0.pixels).description }
            }
            return (hashes, container.delays, container.format)
        }
        let gif = try frames("sticker-240x240x60.gif"), lossless = try frames("sticker-240x240x60.lossless.webp")
        let lossy = try frames("sticker-240x240x60.lossy-q75.webp")
        #expect(gif.format == .gif && lossless.format == .webp && lossy.format == .webp)
        #expect(lossless.hashes == gif.hashes && lossless.delays == gif.delays)
        #expect(lossy.hashes.count == gif.hashes.count && lossy.hashes != gif.hashes, "lossy: the same frames, not the same pixels")
        let (emoji, merged) = (try frames("emoji-64x64x24.gif"), try frames("emoji-64x64x24.lossless.webp"))
        #expect(merged.hashes.count < emoji.hashes.count, "emoji repeats frames, and the encoder merges them")
        #expect(merged.delays.map(\.rawMilliseconds).reduce(0, +) == emoji.delays.map(\.rawMilliseconds).reduce(0, +))
        let again = BenchProgram.inProcess(["corpus", "--out", out, "--only", "nosuch"])
        #expect(again.status == 2 && again.errorLines.count == 1)
    }

    @Test func refusalsNameTheGIFOnlyPlayers() {
        #expect(DecoderChoice.flanimatedimage(cacheSize: 10).refusal(for: .webp) != nil)
        #expect(DecoderChoice.ylgifimage.refusal(for: .webp) != nil)
        #expect(DecoderChoice.indexed(.frames(2)).refusal(for: .webp) != nil)
        #expect(DecoderChoice.kingfisher.refusal(for: .webp) == nil)
        #expect(DecoderChoice.sdwebimage(maxBufferCount: 4).refusal(for: .webp) == nil)
        #expect(DecoderChoice.eager.refusal(for: .webp) == nil && DecoderChoice.windowed(.frames(2)).refusal(for: .webp) == nil)
        #expect(DecoderChoice.flanimatedimage(cacheSize: 10).refusal(for: .gif) == nil)
    }

    @Test func theChildRefusesWhatThePlanWouldHaveLeftOut() throws {
        let container = try AnimationFile.open(contentsOfFile: Self.webp)
        #expect(throws: GIFError.self) { _ = try DecoderKind.indexed.make(DecoderInputs(container: container, window: .frames(2))) }
        #expect(throws: GIFError.self) { try DecoderChoice.ylgifimage.checkPlays(container.format) }
    }
}
