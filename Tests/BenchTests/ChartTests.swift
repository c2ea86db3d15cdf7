import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import FrameDecoders
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MemoryProbe
import Testing
import PlayerModels

@Suite("SVG charts")
struct ChartTests {
    /// Counts elements by class while parsing, so a malformed document fails the parse.
    final class SVGInspector: NSObject, XMLParserDelegate {
        var classes: [String: Int] = [:]
        var root = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root.isEmpty { root = name }
            if let value = attributes["class"] { classes[value, default: 0] += 1 }
        }
    }

    static func report() -> RunReport {
        var results: [CaseResult] = []
        for (decoder, peak, cpu) in [(DecoderChoice.eager, 300 << 20, 0.09), (.windowed(.frames(2)), 10 << 20, 0.17),
                                     (.windowed(.frames(4)), 14 << 20, 0.16), (.windowed(.all), 301 << 20, 0.2)] {
            var result = CaseResult(benchCase: BenchCase(gif: "a<b>&c", path: "/x.gif", decoder: decoder, loops: 1))
            result.width = 720; result.height = 720; result.frames = 150
            result[.jemallocAllocatedPeak] = Double(peak)
            result[.cpuTotal] = cpu
            var timeline = MemoryTimeline(capacity: 8)
            for step in 0..<20 { timeline.offer(MemorySample(time: Double(step) * 0.01, allocated: peak * step / 19, active: 0, resident: 0)) }
            result.timeline = timeline
            results.append(result)
        }
        return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
    }

    @Test("every chart parses as XML and has both axes, axis labels, series and a legend")
    func wellFormed() throws {
        let charts = ChartSet.make(for: Self.report())
        // A timeline, a trade-off, and memory and CPU against the window (the report sweeps windows 2, 4 and all).
        #expect(charts.map(\.kind.rawValue).sorted() == ["memory", "tradeoff", "window-cpu", "window-memory"])
        for chart in charts {
            let inspector = SVGInspector()
            let parser = XMLParser(data: Data(chart.svg.utf8))
            parser.delegate = inspector
            #expect(parser.parse(), "\(chart.fileName): \(parser.parserError.map { "\($0)" } ?? "")")
            #expect(inspector.root == "svg")
            for required in ["x-axis", "y-axis", "x-label", "y-label", "legend", "point", "legend-entry"] {
                #expect(inspector.classes[required, default: 0] >= 1, "\(chart.fileName) lacks \(required)")
            }
            #expect(!chart.fileName.contains("<") && !chart.fileName.contains("&"))
        }
        let tradeOff = try #require(charts.first { $0.kind == .tradeOff })
        #expect(tradeOff.svg.contains("class=\"pareto\""))
    }

    /// The SVG's lines holding `marker`, e.g. `class="tick"`.
    static func lines(_ svg: String, _ marker: String) -> [Substring] { svg.split(separator: "\n").filter { $0.contains(marker) } }

    @Test("an axis whose values span more than 10× turns logarithmic, ticked at decades; one within 10× stays linear from 0")
    func logAxis() {
        var wide = SVGChart(title: "t", xLabel: "x", yLabel: "y")
        wide.series = [.init(name: "settings", points: [(1, 300), (2, 3)], connected: false)]
        let svg = wide.render()
        let ticks = Self.lines(svg, "class=\"tick\"").compactMap { $0.split(separator: ">").dropFirst().first?.split(separator: "<").first }
        #expect(svg.contains("y, log scale") && !svg.contains("x, log scale"), "\(svg)")
        #expect(["2", "10", "100", "500"].allSatisfy { ticks.map(String.init).contains($0) }, "\(ticks)")
        // 3 and 300 sit two decades apart on an axis of 2 to 500: most of a 300 px plot, not 3 MiB squashed against it.
        let ys = Self.lines(svg, "class=\"point\"").compactMap { line in line.split(separator: "cy=\"").dropFirst().first?.split(separator: "\"").first.flatMap { Double($0) } }
        #expect(ys.count == 2 && abs(abs(ys[0] - ys[1]) - 300 * 2 / log10(250)) < 1, "\(ys)")

        var narrow = SVGChart(title: "t", xLabel: "x", yLabel: "y")
        narrow.series = [.init(name: "a", points: [(1, 30)], connected: false), .init(name: "b", points: [(2, 10)], connected: false)]
        #expect(!narrow.render().contains("log scale"))
    }

    @Test("a setting that stalled is drawn hollow and kept off the Pareto front; every series has its own marker and one label")
    func stalledOffTheFront() throws {
        var results: [CaseResult] = []
        for (decoder, peak, cpu, stalls) in [(DecoderChoice.flanimatedimage(cacheSize: 1), 5 << 20, 0.1, 149.0),
                                             (.windowed(.frames(4)), 10 << 20, 0.12, 0), (.kingfisher, 20 << 20, 0.09, 0)] {
            for repetition in 1...2 {
                var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: decoder, loops: 1, mode: .realtime, repetition: repetition))
                result.width = 100; result.height = 100; result.frames = 150
                result[.jemallocAllocatedPeak] = Double(peak)
                result[.cpuTotal] = cpu * (repetition == 1 ? 1 : 1.2)
                result[.stalls] = stalls
                result[.droppedFrames] = 0
                results.append(result)
            }
        }
        let report = RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        let tradeOff = try #require(ChartSet.make(for: report).first { $0.kind == .tradeOff }).svg
        let circled = Self.lines(tradeOff, "class=\"pareto-point\"")
        // flanimatedimage is cheapest in memory but stalled: the front is windowed w=4 and kingfisher only (kingfisher's
        // CPU below windowed's beyond both whiskers).
        #expect(circled.count == 2, "\(circled)")
        let points = Self.lines(tradeOff, "class=\"point\"")
        #expect(points.filter { $0.contains("fill=\"white\"") }.count == 1, "one hollow marker, the stalled setting's")
        #expect(Set(points.map { $0.split(separator: " ").first ?? "" }).count == 3, "three shapes for three series: \(points)")
        #expect(Self.lines(tradeOff, "class=\"whisker\"").count == 3, "the repetitions' CPU spread, one whisker per setting")
        let legend = Self.lines(tradeOff, "class=\"legend-entry\"").map { String($0) }
        #expect(legend.contains { $0.contains(">flanimatedimage: a cache of 1 frame<") }, "\(legend)")
        #expect(legend.contains { $0.contains(">stalled or dropped frames<") }, "\(legend)")
        #expect(!legend.contains { $0.contains("kingfisher (kingfisher") }, "a label written once: \(legend)")
    }

    @Test("a sweep of a library's setting gets memory and CPU against the setting; the library's default alone gets none")
    func librarySweep() throws {
        func report(_ preloads: [Int]) -> RunReport {
            var results: [CaseResult] = []
            for preload in preloads {
                var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: .kingfisher(KingfisherSettings(framePreloadCount: preload)),
                                                             loops: 1, mode: .realtime))
                result.width = 100; result.height = 100; result.frames = 150
                result[.jemallocAllocatedPeak] = Double((preload + 1) << 20)
                result[.cpuTotal] = 0.1
                result[.stalls] = preload == 2 ? 3 : 0
                result[.droppedFrames] = 0
                results.append(result)
            }
            return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        }
        let charts = ChartSet.make(for: report([2, 3, 10]))
        let memory = try #require(charts.first { $0.kind == .windowMemory }, "\(charts.map(\.kind))").svg
        #expect(memory.contains("peak memory against the setting"))
        #expect(Self.lines(memory, "class=\"point\"").count == 3)
        #expect(Self.lines(memory, "class=\"point\"").filter { $0.contains("fill=\"white\"") }.count == 1, "preload 2 stalled")
        #expect(charts.contains { $0.kind == .windowCPU })
        #expect(!ChartSet.make(for: report([10])).contains { $0.kind == .windowMemory }, "the default alone is no sweep")
    }

    @Test("the Pareto front keeps the points nothing beats on both memory and CPU")
    func pareto() {
        let front = ChartSet.paretoFront([(1, 300), (2, 10), (1.9, 14), (2.5, 301), (3, 10)])
        #expect(front.map(\.x) == [1, 2, 1.9])
    }

    @Test("a CPU difference inside the whiskers keeps no point on the front: the point with less memory beats it")
    func paretoBeyondNoise() {
        // Preload 4 (10 MiB, 50 ms ±40) and preload 6 (14 MiB, 41 ms ±40): 9 ms less CPU inside the whiskers is no trade-off.
        let four = SVGChart.Point(x: 50, y: 10, xRange: 10...90), six = SVGChart.Point(x: 41, y: 14, xRange: 1...81)
        #expect(ChartSet.paretoFront([four, six]).map(\.x) == [50])
        // Without whiskers, or with whiskers apart, each beats the other on one axis: both stay.
        #expect(ChartSet.paretoFront([SVGChart.Point(x: 50, y: 10), SVGChart.Point(x: 41, y: 14)]).count == 2)
        #expect(ChartSet.paretoFront([SVGChart.Point(x: 50, y: 10, xRange: 45...55), SVGChart.Point(x: 41, y: 14, xRange: 38...44)]).count == 2)
    }

    @Test("series drawn exactly over one another become one, named for each; each speed gets a front of its own")
    func hiddenSeriesAndFrontsPerSpeed() throws {
        var chart = SVGChart(title: "t", xLabel: "x", yLabel: "y")
        chart.series = [.init(name: "windowed · 1×", points: [(1, 5), (2, 6)], connected: true),
                        .init(name: "windowed · 2×", points: [(1, 5), (2, 6)], connected: true),
                        .init(name: "eager", points: [(1, 50), (2, 50)], connected: true)]
        chart.fronts = [[.init(x: 1, y: 5), .init(x: 2, y: 4)], [.init(x: 1, y: 9), .init(x: 3, y: 2)]]
        chart.highlightName = "Pareto front, one per speed"
        let svg = chart.render()
        #expect(svg.contains("windowed · 1× = windowed · 2× (the same points)"), "\(svg)")
        #expect(Self.lines(svg, "class=\"series\"").count == 2, "one line for the two identical series, one for eager")
        #expect(Self.lines(svg, "class=\"pareto\"").count == 2, "a front per speed")
    }

    @Test("the Markdown report embeds the charts by relative path")
    func embedded() {
        let report = Self.report()
        let markdown = MarkdownReporter.render(report, charts: ChartSet.make(for: report))
        let stem = ChartSet.fileStem("a<b>&c")
        #expect(stem.hasPrefix("a_b__c-") && stem.count == "a_b__c-".count + 8)
        #expect(markdown.contains("](charts/\(stem)-memory.svg)"))
        #expect(markdown.contains("](charts/\(stem)-tradeoff.svg)"))
    }

    @Test("GIF names that differ only in characters a file name cannot hold get their own chart files; plain names keep theirs")
    func distinctChartFiles() {
        #expect(ChartSet.fileStem("a b") != ChartSet.fileStem("a_b"))
        #expect(ChartSet.fileStem("a_b") == "a_b")
        #expect(ChartSet.fileStem("kingfisher-720x720x150") == "kingfisher-720x720x150")
        #expect(ChartSet.fileStem("x/y") != ChartSet.fileStem("x_y"))
    }

    @Test("a timeline keeps its bound and still spans the run")
    func boundedTimeline() {
        var timeline = MemoryTimeline(capacity: 16)
        for step in 0..<10_000 { timeline.offer(MemorySample(time: Double(step), allocated: step, active: 0, resident: 0)) }
        #expect(timeline.samples.count <= 16)
        #expect(timeline.samples.first?.time == 0)
        #expect((timeline.samples.last?.time ?? 0) > 9000)
    }

    @Test("with several speeds, each speed's series draws that speed's own timeline")
    func timelinePerSpeed() throws {
        var results: [CaseResult] = []
        for (speed, peak) in [(1.0, 10 << 20), (4.0, 40 << 20)] {
            var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: .windowed(.frames(2)), loops: 1,
                                                         mode: .realtime, speed: speed))
            result.width = 100; result.height = 100; result.frames = 10
            result[.jemallocAllocatedPeak] = Double(peak)
            result[.cpuTotal] = 0.1
            var timeline = MemoryTimeline(capacity: 8)
            for step in 0..<4 { timeline.offer(MemorySample(time: Double(step) * 0.1, allocated: peak, active: 0, resident: 0)) }
            result.timeline = timeline
            results.append(result)
        }
        let report = RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        let memory = try #require(ChartSet.make(for: report).first { $0.kind == .memoryTimeline })
        let lines = memory.svg.split(separator: "\n").filter { $0.contains("class=\"series\"") && $0.contains("polyline") }
        let paths = Set(lines.compactMap { $0.split(separator: "points=\"").dropFirst().first?.split(separator: "\"").first })
        #expect(lines.count == 2)
        #expect(paths.count == 2, "both speeds drew the same timeline")
    }
}
