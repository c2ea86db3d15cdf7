import BenchCore
import BenchKit
import Testing

/// The first table of a report: per GIF and speed, the setting with the least memory that neither stalls nor drops.
@Suite("Answer table")
struct AnswerTableTests {
    /// GIF "a" in real time at speed 2: eager (10 MiB), w=2 stalls once in one repetition, w=3 drops a frame, w=4 (3 MiB)
    /// plays smoothly; GIF "b" in throughput mode only.
    static func report() -> RunReport {
        var results: [CaseResult] = []
        for repetition in 1...3 {
            for (decoder, peak, stalls, dropped) in [(DecoderChoice.eager, 10, 0, 0), (.windowed(.frames(2)), 2, repetition == 2 ? 1 : 0, 0),
                                                      (.windowed(.frames(3)), 2, 0, 1), (.windowed(.frames(4)), 3, 0, 0)] {
                var result = CaseResult(benchCase: BenchCase(gif: "a", path: "/a.gif", decoder: decoder, loops: 1, mode: .realtime, speed: 2,
                                                             repetition: repetition))
                result.frames = 10
                result[.jemallocAllocatedPeak] = Double(peak << 20) + Double(repetition)
                result[.stalls] = Double(stalls)
                result[.droppedFrames] = Double(dropped)
                result[.cpuTotal] = 0.01
                result[.animation] = 1
                results.append(result)
            }
            var throughput = CaseResult(benchCase: BenchCase(gif: "b", path: "/b.gif", decoder: .eager, loops: 1, repetition: repetition))
            throughput.frames = 10
            throughput[.jemallocAllocatedPeak] = Double(1 << 20)
            results.append(throughput)
        }
        return RunReport(metadata: RunMetadata.current(command: "bench run --gif /a.gif --gif /b.gif --mode throughput"), results: results)
    }

    @Test("the least memory without a stall or a drop in any repetition, its ratio to eager, the runner-up; throughput mode gets the real-time command")
    func answers() throws {
        let lines = AnswerTable.render(Self.report())
        #expect(lines.first == "## Answer")
        let row = try #require(lines.first { $0.hasPrefix("| a |") }, "\(lines)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[1] == "speed 2.00×")
        #expect(cells[2] == "windowed w=4", "w=2 stalled in one repetition, w=3 dropped a frame: \(row)")
        #expect(cells[3].hasPrefix("3.0 MiB (3.0 MiB–3.0 MiB)") || cells[3].hasPrefix("3.0 MiB"), "\(row)")
        #expect(cells[4] == "0.30×", "\(row)")
        #expect(cells[7].hasPrefix("eager"), "the runner-up: \(row)")
        let note = try #require(lines.first { $0.hasPrefix("Throughput mode") })
        #expect(note.contains("`bench run --gif /a.gif --gif /b.gif --mode realtime`"), "\(note)")
        #expect(MarkdownReporter.render(Self.report()).contains("## Answer"), "the answer comes first in results.md")
    }
}
