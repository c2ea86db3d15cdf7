import BenchRunning
import Foundation
import Testing

/// The main command's answer, end to end: a throughput run traces every frame's decode cost, replays its settings
/// from the traces and answers first, on stdout and in results.md, with the replay kept in results.json.
@Suite struct ReplayAnswerTests {
    @Test func throughputRunAnswersFromItsTraces() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-replay-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProgram.run(["run", "--gif", "sticker-240x240x60", "--decoders", "windowed", "--windows", "2", "--no-references", "--loops", "2",
                                        "--repetitions", "1", "--warmup", "0", "--speed", "1,8", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        // The answer first; a line saying the host was busy may stand before it (other processes beside the tests).
        let paragraphs = run.output.components(separatedBy: "\n\n")
        #expect(run.output.hasPrefix("# GIF Frame Bench report\n\n## Answer\n\n"), "\(run.output.prefix(300))")
        #expect(paragraphs.dropFirst(2).first { !$0.hasPrefix("> **This host was busy") }?.hasPrefix("Replayed from what each frame's decode cost") == true,
                "\(run.output.prefix(500))")
        #expect(!run.output.contains("To find the setting that plays each without a stall, run"), "the answer is given, not deferred")
        let report = try BenchProgram.report(in: out)
        // One case, played once in throughput mode whatever the speeds asked, replayed at each.
        let row = try #require(report.results.first)
        #expect(report.results.count == 1)
        let trace = try #require(row.frameCosts)
        #expect(trace.passes.count == 2 && trace.passes.allSatisfy { $0.count == 60 })
        #expect(trace.passes.allSatisfy { $0.allSatisfy { $0 > 0 } }, "every decode costs something on its thread's clock")
        // The trace is the decode cost of each frame shown: its first loop's median is the frame_decode_p50 column.
        let firstLoop = trace.passes[0].map { Double($0) / 1e9 }.sorted()
        let median = (firstLoop[29] + firstLoop[30]) / 2
        #expect(abs(median - row[.frameDecodeP50]) < 2e-9, "trace median \(median) s, column \(row[.frameDecodeP50]) s")
        let replay = try #require(report.replay)
        #expect(replay.loops == 2)
        #expect(replay.answers.map(\.speed) == [1, 8])
        for answer in replay.answers {
            #expect(answer.smallestWindow != nil)
            #expect(answer.libraries.map(\.setting) == ["kingfisher", "flanimatedimage", "sdwebimage", "ylgifimage"])
            #expect(answer.measured.map(\.label) == ["windowed w=2"])
        }
        let slow = try #require(replay.answers.first { $0.speed == 8 }?.smallestWindow?.label)
        let fast = try #require(replay.answers.first { $0.speed == 1 }?.smallestWindow?.label)
        #expect(Int(slow.split(separator: "=").last ?? "0")! >= Int(fast.split(separator: "=").last ?? "0")!,
                "faster playback never needs a smaller window")
        let markdown = try String(contentsOfFile: out + "/results.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# GIF Frame Bench report\n\n## Answer\n\n") && markdown.contains("\n\nReplayed from what each frame's decode cost"))
    }

    /// A real-time run answers from what it played, not from a replay; it keeps its first loop's trace, to compare
    /// with throughput's step by step.
    @Test func realtimeRunKeepsNoReplay() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-replay-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProgram.run(["run", "--gif", "emoji-64x64x24", "--decoders", "windowed", "--windows", "2", "--no-references", "--mode", "realtime",
                                        "--speed", "8", "--repetitions", "1", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(report.replay == nil)
        #expect(report.results.allSatisfy { $0.frameCosts?.passes.count == 1 && $0.frameCosts?.lzw?.count == 1 })
    }
}
