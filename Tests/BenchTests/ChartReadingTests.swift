import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import FrameDecoders
import MemoryProbe
import Testing

/// What a person reads off a chart at a glance: ticks, ends, every series named and seen, what a line stands for.
@Suite("Charts read at a glance")
struct ChartReadingTests {
    static func lines(_ svg: String, _ marker: String) -> [Substring] { ChartTests.lines(svg, marker) }

    /// The text of each element whose line holds `marker`.
    static func texts(_ svg: String, _ marker: String) -> [String] {
        lines(svg, marker).compactMap { $0.split(separator: ">").dropFirst().first?.split(separator: "<").first.map(String.init) }
    }

    /// A ringed setting's result: `peak` MiB allocated at its peak, with a timeline rising to it.
    static func result(_ decoder: DecoderChoice, peak: Int, cpu: Double = 0.1, repetition: Int = 1, frames: Int = 150,
                       samples: [Double] = Array(stride(from: 0.0, to: 1.0, by: 0.05))) -> CaseResult {
        var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: decoder, loops: 1, repetition: repetition))
        result.width = 100; result.height = 100; result.frames = frames
        result[.jemallocAllocatedPeak] = Double(peak << 20)
        result[.cpuTotal] = cpu
        var timeline = MemoryTimeline(capacity: 256)
        for time in samples { timeline.offer(MemorySample(time: time, allocated: peak << 20, active: 0, resident: 0)) }
        result.timeline = timeline
        return result
    }

    static func charts(_ results: [CaseResult]) -> [ChartFile] {
        ChartSet.make(for: RunReport(metadata: RunMetadata.current(command: "test"), results: results))
    }

    @Test("a linear axis writes every tick with its step's decimals: 0.8 beside 1.0, never 0.80 beside 1")
    func tickDecimals() {
        var chart = SVGChart(title: "t", xLabel: "x", yLabel: "y")
        chart.series = [.init(name: "a", points: [(1, 0.3), (2, 0.95)], connected: false)]
        let ticks = Self.texts(chart.render(), "class=\"tick\"")
        #expect(ticks.contains("0.8") && ticks.contains("1.0"), "\(ticks)")
        #expect(!ticks.contains("0.80") && !ticks.contains("1"), "\(ticks)")
    }

    @Test("a log axis ends on the 1, 2 or 5 nearest its values: no empty decade below the lowest")
    func logAxisEnds() {
        var chart = SVGChart(title: "t", xLabel: "x", yLabel: "y")
        chart.series = [.init(name: "a", points: [(1, 0.9), (2, 40)], connected: false)]
        let svg = chart.render()
        let ticks = Self.texts(svg, "text-anchor=\"end\">").compactMap(Double.init)
        #expect(svg.contains("y, log scale"))
        #expect(ticks.min() == 0.5 && ticks.max() == 50, "\(ticks)")
    }

    @Test("a window sweep names the every-frame tick 'all' and draws eager there")
    func sweepShowsAllAndEager() throws {
        let results = [Self.result(.eager, peak: 150), Self.result(.windowed(.frames(2)), peak: 3),
                       Self.result(.windowed(.frames(8)), peak: 9), Self.result(.windowed(.all), peak: 151)]
        let memory = try #require(Self.charts(results).first { $0.kind == .windowMemory }).svg
        #expect(Self.texts(memory, "class=\"tick\"").contains("all (150)"), "\(Self.texts(memory, "class=\"tick\""))")
        #expect(Self.texts(memory, "class=\"legend-entry\"").contains("eager (every frame decoded up front)"))
    }

    @Test("a timeline of more settings than it can tell apart draws eight and says how many it left out")
    func crowdedTimeline() throws {
        var results = [Self.result(.eager, peak: 150), Self.result(.eager, peak: 160, repetition: 2)]
        for window in 1...18 {
            results += [1, 2].map { Self.result(.windowed(.frames(window)), peak: window, repetition: $0) }
        }
        let timeline = try #require(Self.charts(results).first { $0.kind == .memoryTimeline }).svg
        #expect(Self.lines(timeline, "class=\"series\"").count == ChartSet.timelineLines)
        let note = Self.texts(timeline, "class=\"note\"").first ?? ""
        #expect(note.contains("8 of 19 settings") && note.contains("median peak"), "\(note)")
        #expect(Self.texts(timeline, "class=\"legend-entry\"").contains("eager"), "eager is always drawn")
        #expect(Self.texts(timeline, "class=\"legend-entry\"").contains("windowed w=18"), "the highest peak is drawn")
    }

    @Test("a timeline draws each setting's repetition with the median peak, neither the first nor the slowest")
    func medianRepetition() throws {
        // Peaks of 10, 30 and 20 MiB over 1, 3 and 2 s: the median's line ends at 2 s.
        let results = [(10, 1), (30, 2), (20, 3)].map { peak, repetition in
            Self.result(.windowed(.frames(2)), peak: peak, repetition: repetition,
                        samples: Array(stride(from: 0.0, through: Double(peak) / 10, by: 0.05)))
        }
        let timeline = try #require(Self.charts(results).first { $0.kind == .memoryTimeline }).svg
        let xTicks = Self.texts(timeline, "text-anchor=\"middle\">").compactMap(Double.init)
        #expect(xTicks.max() == 2, "\(xTicks)")
    }

    @Test("a gap in a timeline's samples is left as a break, not a straight stroke across it")
    func timelineGap() throws {
        let gap = Array(stride(from: 0.0, to: 0.5, by: 0.01)) + Array(stride(from: 2.0, to: 2.5, by: 0.01))
        let timeline = try #require(Self.charts([Self.result(.windowed(.frames(2)), peak: 3, samples: gap)])
            .first { $0.kind == .memoryTimeline }).svg
        #expect(Self.lines(timeline, "class=\"series\"").count == 2, "two runs of samples, two strokes")
    }

    @Test("a throughput report's trade-off caption claims no smoothness; a real-time one's does")
    func captions() {
        #expect(!ChartFile.Kind.tradeOff.caption(realtime: false).contains("smoothly"))
        #expect(ChartFile.Kind.tradeOff.caption(realtime: true).contains("played smoothly"))
    }
}
