import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCore
import FrameDecoders
import GIFCodec
import Testing
import PlayerModels

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

    /// A wide report: real time at two speeds, both codecs, two display sizes, the four library players, a long GIF name.
    static func wideReport() -> RunReport {
        var results: [CaseResult] = []
        let decoders: [DecoderChoice] = [.eager, .windowed(.frames(2)), .windowed(.frames(8)), .kingfisher,
                                         .sdwebimage(maxBufferCount: 2437), .flanimatedimage(cacheSize: 1), .ylgifimage]
        for speed in [1.0, 4.0] {
            for codec in LZWCodec.allCases {
                for display in [nil, DisplaySize(width: 320, height: 320)] {
                    for decoder in decoders {
                        var benchCase = BenchCase(gif: "a-rather-long-gif-name-720x720x150", path: "/a.gif", decoder: decoder, loops: 1,
                                                  mode: .realtime, speed: speed, codec: codec)
                        benchCase.display = display
                        var result = CaseResult(benchCase: benchCase)
                        result.width = 720; result.height = 720; result.frames = 150
                        for measure in Measure.allCases { result[measure] = 123_456.789 }
                        result[.stalls] = decoder == .flanimatedimage(cacheSize: 1) ? 149 : 0
                        result[.droppedFrames] = 0
                        results.append(result)
                    }
                }
            }
        }
        return RunReport(metadata: RunMetadata.current(command: "bench run"), results: results)
    }

    @Test("every table line of a wide report fits in 160 characters; a library shows its real rule, not a window number")
    func narrowTables() {
        let markdown = MarkdownReporter.render(Self.wideReport())
        let tooWide = markdown.split(separator: "\n").filter { $0.hasPrefix("|") && !$0.hasPrefix("| command |") && $0.count > 160 }
        #expect(tooWide.isEmpty, "\(tooWide.map { "\($0.count): \($0)" }.joined(separator: "\n"))")
        #expect(markdown.contains("| sdwebimage: a pool of 2,437 frames: all 150 |"), "the pool, as the library sizes it, and that it holds every frame")
        #expect(markdown.contains("| flanimatedimage: a cache of 1 frame |"))
        #expect(!markdown.contains("| window |"), "no window column: a pool of 2,437 frames is not 'window 1'")
    }

    @Test("two windows without eager are compared with each other; a speed other than 1 gets its own recommendation")
    func windowsWithoutEager() throws {
        var results: [CaseResult] = []
        for (window, peak, stalls) in [(2, 10, 0.0), (8, 22, 0)] {
            var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: .windowed(.frames(window)), loops: 1,
                                                         mode: .realtime, speed: 4))
            result.frames = 150
            result[.jemallocAllocatedPeak] = Double(peak << 20)
            result[.rssPeak] = Double(peak << 20)
            result[.cpuTotal] = 0.4
            result[.firstFrame] = 0.01
            result[.stalls] = stalls
            result[.droppedFrames] = 0
            result[.animation] = 1
            results.append(result)
        }
        let markdown = MarkdownReporter.render(RunReport(metadata: RunMetadata.current(command: "bench run"), results: results))
        #expect(markdown.contains("- windowed w=8 ÷ windowed w=2: peak allocated 2.20×"), "\(markdown)")
        #expect(!markdown.contains("- windowed w=2 ÷ windowed w=8"), "each pair once, the larger window over the smaller")
        #expect(markdown.contains("**Recommendation:** At speed 4.00×: window 2 is the smallest that plays without a stall"), "\(markdown)")
        #expect(!markdown.contains("run with `--mode realtime`"), "a real-time run at speed 4 is an answer, not a reason to run again")
    }

    @Test("a sweep over Kingfisher's framePreloadCount on a device names the cheapest value that plays smoothly, against the default")
    func librarySweep() throws {
        var results: [CaseResult] = []
        for (preload, peak, dropped) in [(2, 3, 1.0), (3, 4, 0), (4, 5, 0), (10, 22, 0)] {
            for repetition in 1...2 {
                let settings = KingfisherSettings(framePreloadCount: preload)
                let policy = preload == 10 ? "kingfisher" : "kingfisher:preload=\(preload)"
                var benchCase = BenchCase(gif: "seed", path: "/seed.gif", decoder: .kingfisher(settings),
                                          chosenBy: policy,
                                          loops: 1, mode: .realtime, repetition: repetition)
                benchCase.device = "iphone-se-2"
                var result = CaseResult(benchCase: benchCase)
                result.frames = 150
                result[.jemallocAllocatedPeak] = Double(peak << 20)
                result[.stalls] = 0
                result[.droppedFrames] = dropped
                result[.cpuTotal] = 0.5
                result[.animation] = 1
                results.append(result)
            }
        }
        let lines = AnswerTable.render(RunReport(metadata: RunMetadata.current(command: "bench run"), results: results))
        let row = try #require(lines.first { $0.hasPrefix("| seed |") }, "\(lines)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(cells.count == 9, "eight columns and the tuning column: \(row)")
        #expect(cells[1] == "speed 1.00×, iphone-se-2")
        #expect(cells[2] == "kingfisher (framePreloadCount = 3): 3 ahead", "preload 2 dropped a frame: \(row)")
        #expect(cells[8] == "kingfisher: framePreloadCount = 3, 18% of the memory of the default (10 ahead), 1.00× its CPU; "
                + "smaller settings left out: framePreloadCount = 2 dropped frames in 2 of 2 repetitions", "\(row)")
        #expect(lines.contains { $0.hasSuffix("| library settings, against the default |") })
        // Without a changed setting the column is not there.
        #expect(!AnswerTable.render(Self.report()).contains { $0.contains("library settings") })
    }

    @Test("a real-time row that stalled or dropped says in how many of its repetitions, as the answer's exclusions do")
    func roughness() throws {
        let summaries = Self.report().summaries.filter { $0.gif == "a" }
        let byWindow = Dictionary(uniqueKeysWithValues: summaries.map { ($0.label, $0) })
        #expect(byWindow["windowed w=2"]?.roughness == "stalled in 1 of 3 repetitions")
        #expect(byWindow["windowed w=3"]?.roughness == "dropped frames in 3 of 3 repetitions")
        #expect(byWindow["windowed w=4"]?.roughness == nil)
        #expect(Self.report().summaries.first { $0.gif == "b" }?.roughRepetitions == nil, "throughput mode counts none")
    }
}
