import CaseModel
import BenchPlan
import BenchRunning
import GIFCodec
import MemoryProbe

/// One chart file of a report.
public struct ChartFile: Sendable {
    public var gif: String
    public var kind: Kind
    public var fileName: String
    public var svg: String

    public enum Kind: String, Sendable {
        case memoryTimeline = "memory"
        case tradeOff = "tradeoff"
        case windowMemory = "window-memory"
        case windowCPU = "window-cpu"

        /// The chart's caption in the Markdown report: smoothness is named only where a real-time run measured it.
        public func caption(realtime: Bool) -> String {
            switch self {
            case .memoryTimeline: "allocated memory during playback (each setting's repetition with the median peak)"
            case .tradeOff: realtime ? "peak memory against CPU per loop (Pareto front of the settings that played "
                                       + "smoothly circled)"
                                     : "peak memory against CPU per loop (Pareto front circled; throughput mode "
                                       + "measures no smoothness)"
            case .windowMemory: "peak memory against the window or a library's setting"
            case .windowCPU: "CPU per loop against the window or a library's setting"
            }
        }
    }

    /// The path the Markdown report links, relative to it.
    public var relativePath: String { "charts/" + fileName }
}

/// The charts of a report: per GIF a memory timeline, a memory-versus-CPU trade-off with its Pareto front, and, for a
/// sweep of windows or of a library's setting, memory and CPU against it.
public enum ChartSet {
    public static func make(for report: RunReport) -> [ChartFile] {
        report.gifs.flatMap { gif -> [ChartFile] in
            let rows = report.summaries.filter { $0.gif == gif && $0.repetitions > 0 }
            guard !rows.isEmpty else { return [] }
            let safe = fileStem(gif)
            var files = [
                ChartFile(gif: gif, kind: .memoryTimeline, fileName: "\(safe)-memory.svg",
                          svg: timeline(gif, rows, report.results)),
                ChartFile(gif: gif, kind: .tradeOff, fileName: "\(safe)-tradeoff.svg", svg: tradeOff(gif, rows)),
            ]
            for kind in [ChartFile.Kind.windowMemory, .windowCPU] {
                if let svg = windowSweep(gif, rows, kind) {
                    files.append(ChartFile(gif: gif, kind: kind, fileName: "\(safe)-\(kind.rawValue).svg", svg: svg))
                }
            }
            return files
        }
    }

    /// A file-name stem for a GIF's charts: the name itself when it is plain ASCII letters, digits, `-` and `_`;
    /// otherwise those characters with a hash of the full name, so `a b` and `a_b` never share a chart file. A name
    /// longer than ``maxStemBytes`` is cut there and hashed too, so a chart's file name always fits the file system
    /// (255 bytes) with room for its suffix; the report's text shows the full name.
    public static func fileStem(_ gif: String) -> String {
        let plain = gif.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") ? Character($0) : "_" }
        let safe = String(plain)
        guard safe != gif || safe.utf8.count > maxStemBytes else { return safe }
        return String(safe.prefix(maxStemBytes)) + "-" + String(FrameHash(ofUTF8: gif).description.prefix(8))
    }

    /// The longest stem a chart's file name keeps whole.
    public static let maxStemBytes = 100

    /// The legend entry of a row: its setting as the tables name it, once, and its speed, codec and display when the
    /// GIF was played more than one way.
    static func label(_ row: CaseSummary, among rows: [CaseSummary]) -> String { row.label + way(row, among: rows) }

    /// How `row` was played, when the GIF was played more than one way: " @ 2.00×", ", giflib", ", 240×240".
    static func way(_ row: CaseSummary, among rows: [CaseSummary]) -> String {
        var way = ""
        if Set(rows.map(\.setting.speed)).count > 1 { way += " @ \(Format.fixed(row.setting.speed, digits: 2))×" }
        if rows.codecs.count > 1 { way += ", \(row.setting.codec)" }
        if Set(rows.map { $0.setting.display.map { "\($0)" } ?? "full" }).count > 1 { way += ", \(MarkdownReporter.keptSize(row))" }
        return way
    }

    /// The repetitions' range of CPU per loop, in milliseconds.
    static func cpuPerLoopRange(_ row: CaseSummary) -> ClosedRange<Double>? {
        range(row, .cpuTotal, scale: 1000 / Double(max(row.loops, 1)))
    }

    /// A GIF's name short enough to leave room in a chart's title for what the chart shows: its start and its end.
    static func short(_ gif: String) -> String {
        gif.count <= 48 ? gif : String(gif.prefix(32)) + "…" + String(gif.suffix(12))
    }

    /// A row that stalled or dropped a frame in real time: drawn hollow and kept off the Pareto front.
    static func stalled(_ row: CaseSummary) -> Bool { row.mode == .realtime && !row.playsSmoothly }

    static func range(_ row: CaseSummary, _ measure: Measure, scale: Double) -> ClosedRange<Double>? {
        guard let metric = row.metrics[measure.column], metric.max > metric.min else { return nil }
        return (metric.min * scale)...(metric.max * scale)
    }

    /// The most lines a memory timeline draws: past eight, colours repeat and crossing lines cannot be told apart.
    public static let timelineLines = 8

    /// Each setting's memory over time, from its repetition with the median peak (the first of two in the middle). A
    /// sweep of more than ``timelineLines`` settings draws eager, every library's default and settings spread evenly
    /// over the range of peaks, and says how many it left out. A gap in the samples is left as a break.
    static func timeline(_ gif: String, _ rows: [CaseSummary], _ results: [CaseResult]) -> String {
        var chart = SVGChart(title: "\(short(gif)): allocated memory during playback", xLabel: "time (s)",
                             yLabel: "allocated (MiB)")
        chart.xMayBeLog = false
        var drawn: [(row: CaseSummary, samples: [MemorySample])] = []
        for row in rows {
            // The row's own cases, by the key the gate groups cases by: speed, CPUs and byte source included.
            let key = row.setting.identity
            let ok = results.filter { $0.failure == nil && $0.benchCase.identity == key && $0.timeline?.samples.isEmpty == false }
                .sorted { $0[.jemallocAllocatedPeak] < $1[.jemallocAllocatedPeak] }
            guard !ok.isEmpty else { continue }
            let median = ok[(ok.count - 1) / 2]
            drawn.append((row, median.timeline?.samples ?? []))
        }
        let kept = timelineRows(drawn.map(\.row))
        for entry in drawn where kept.contains(entry.row.setting.identity) {
            let times = entry.samples.map(\.time)
            let steps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
            var series = SVGChart.Series(name: label(entry.row, among: rows),
                                         points: entry.samples.map { ($0.time, Double($0.allocated) / 1_048_576) },
                                         connected: true, flagged: stalled(entry.row))
            // A step ten times the usual one is a gap in the sampling (the sampler starved), not a straight change.
            series.maxGap = steps.isEmpty ? nil : max(steps[steps.count / 2] * 10, 0.05)
            chart.series.append(series)
        }
        let repetitions = Set(rows.map(\.repetitions)).max() ?? 1
        var notes: [String] = []
        if repetitions > 1 { notes.append("each line: the repetition with the median peak") }
        if drawn.count > kept.count {
            notes.append("\(kept.count) of \(drawn.count) settings drawn: eager, library defaults and peaks spread "
                         + "evenly; every timeline is in results.json")
        }
        chart.note = notes.joined(separator: "; ")
        return chart.render()
    }

    /// The settings a timeline draws: all of them up to ``timelineLines``; past that eager and each library's default,
    /// then settings at evenly spaced ranks of peak memory, lowest and highest included.
    static func timelineRows(_ rows: [CaseSummary]) -> Set<CaseIdentity> {
        guard rows.count > timelineLines else { return Set(rows.map(\.setting.identity)) }
        var kept = rows.filter { $0.decoder == .eager || $0.library?.changes.isEmpty == true }.prefix(timelineLines / 2).map(\.setting.identity)
        let byPeak = rows.sorted { $0.median(.jemallocAllocatedPeak) < $1.median(.jemallocAllocatedPeak) }.map(\.setting.identity)
            .filter { !kept.contains($0) }
        let room = timelineLines - kept.count
        let count = min(max(room, 0), byPeak.count)
        for rank in 0..<count { kept.append(byPeak[count == 1 ? 0 : rank * (byPeak.count - 1) / (count - 1)]) }
        return Set(kept)
    }

    /// Each setting's median peak against its median CPU per loop, whiskers over the repetitions' range; the Pareto
    /// front is drawn over the settings that played without a stall or a dropped frame only.
    static func tradeOff(_ gif: String, _ rows: [CaseSummary]) -> String {
        var chart = SVGChart(title: "\(short(gif)): peak memory against CPU", xLabel: "CPU per loop (ms)",
                             yLabel: "peak allocated (MiB)")
        for row in rows {
            let point = SVGChart.Point(x: row.cpuPerLoop * 1000, y: row.median(.jemallocAllocatedPeak) / 1_048_576,
                                       xRange: cpuPerLoopRange(row), yRange: range(row, .jemallocAllocatedPeak,
                                                                                   scale: 1 / 1_048_576))
            chart.series.append(.init(name: label(row, among: rows), points: [point], connected: false,
                                      flagged: stalled(row)))
        }
        // One front per speed: a setting at 1× and another at 2× are not alternatives to each other.
        let candidates = rows.filter { !stalled($0) }
        var speeds: [Double] = []
        for row in candidates where !speeds.contains(row.setting.speed) { speeds.append(row.setting.speed) }
        chart.fronts = speeds.map { speed in
            paretoFront(candidates.filter { $0.setting.speed == speed }.map { row in
                SVGChart.Point(x: row.cpuPerLoop * 1000, y: row.median(.jemallocAllocatedPeak) / 1_048_576,
                               xRange: cpuPerLoopRange(row), yRange: range(row, .jemallocAllocatedPeak,
                                                                           scale: 1 / 1_048_576))
            })
        }
        let perSpeed = speeds.count > 1 ? ", one per speed" : ""
        chart.highlightName = rows.contains { $0.mode == .realtime } ? "Pareto front\(perSpeed) (of the settings that "
                                                                       + "played smoothly)"
                                                                     : "Pareto front\(perSpeed)"
        return chart.render()
    }

    /// For a sweep (two or more windows the user named, of one decoder, or two or more values of a library's setting),
    /// peak memory or CPU per loop against the window or the setting, one line per decoder or library (and speed,
    /// codec, display), whiskers over the repetitions; nil for no sweep.
    static func windowSweep(_ gif: String, _ rows: [CaseSummary], _ kind: ChartFile.Kind) -> String? {
        var lines: [String: [(x: Int, row: CaseSummary)]] = [:]
        var order: [String] = []
        for row in rows {
            guard let x = sweptValue(row) else { continue }
            // One line per decoder and way of playing: the window is the line's x, not part of its name.
            let name = row.decoder.name + way(row, among: rows)
            if lines[name] == nil { order.append(name) }
            lines[name, default: []].append((x, row))
        }
        // A library's line is a sweep only when a setting was changed: its default alone is one point of no line.
        order.removeAll { name in
            let line = lines[name] ?? []
            return line.count < 2 || line.allSatisfy { $0.row.library != nil && $0.row.library?.changes.isEmpty == true }
        }
        guard !order.isEmpty else { return nil }
        let libraries = order.allSatisfy { lines[$0]?.first?.row.library != nil }
        let windows = order.allSatisfy { lines[$0]?.first?.row.library == nil }
        let against = windows ? "the window" : libraries ? "the setting" : "the window or setting"
        let memory = kind == .windowMemory
        var chart = SVGChart(title: "\(short(gif)): \(memory ? "peak memory" : "CPU per loop") against \(against)",
                             xLabel: windows ? "window (frames ahead; all = every frame)" : "frames: the window, or the preload, cache or pool",
                             yLabel: memory ? "peak allocated (MiB)" : "CPU per loop (ms)")
        for name in order {
            let points = lines[name, default: []].sorted { $0.x < $1.x }.map { x, row in
                memory
                    ? SVGChart.Point(x: Double(x), y: row.median(.jemallocAllocatedPeak) / 1_048_576,
                                     yRange: range(row, .jemallocAllocatedPeak,
                                                   scale: 1 / 1_048_576), flagged: stalled(row))
                    : SVGChart.Point(x: Double(x), y: row.cpuPerLoop * 1000, yRange: cpuPerLoopRange(row),
                                     flagged: stalled(row))
            }
            chart.series.append(.init(name: name, points: points, connected: true))
        }
        // Eager holds every frame, as a window of all does: its point sits there, so the sweep reads against it.
        let frames = rows.first?.frames ?? 0
        if let eager = rows.first(where: { $0.decoder == .eager }) {
            let point = memory
                ? SVGChart.Point(x: Double(frames), y: eager.median(.jemallocAllocatedPeak) / 1_048_576,
                                 yRange: range(eager, .jemallocAllocatedPeak,
                                               scale: 1 / 1_048_576), flagged: stalled(eager))
                : SVGChart.Point(x: Double(frames), y: eager.cpuPerLoop * 1000, yRange: cpuPerLoopRange(eager),
                                 flagged: stalled(eager))
            chart.series.append(.init(name: "eager (every frame decoded up front)" + way(eager, among: rows),
                                      points: [point], connected: false))
        }
        if chart.series.contains(where: { $0.points.contains { $0.x == Double(frames) } }) {
            chart.namedXTicks = [(Double(frames), "all (\(frames))")]
        }
        chart.flaggedName = "this \(windows ? "window" : "setting") stalled or dropped frames"
        return chart.render()
    }

    /// A row's place on a sweep's x axis: a named window, or the frames a library's setting came to (Kingfisher's
    /// `framePreloadCount`, FLAnimatedImage's cache, SDWebImage's pool); nil for what no sweep varies.
    static func sweptValue(_ row: CaseSummary) -> Int? {
        switch row.decoder {
        case .kind(let kind, _) where kind.takesWindow: row.setting.chosenByPolicy ? nil : row.window
        case .kingfisher(let settings): settings.framePreloadCount
        case .flanimatedimage(let size, _): size
        case .sdwebimage(let pool, _): pool
        default: nil
        }
    }

    /// The points no other point beats on both axes (lower is better on each).
    public static func paretoFront(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        paretoFront(points.map { SVGChart.Point(x: $0.x, y: $0.y) }).map { ($0.x, $0.y) }
    }

    /// The points no other point beats beyond the noise: another beats a point when it is no worse on either axis
    /// (lower, or within each other's repetitions' range) and clearly better on one (its whole range below the
    /// point's). A CPU difference inside the whiskers is no trade-off, so it keeps nobody on the front.
    public static func paretoFront(_ points: [SVGChart.Point]) -> [SVGChart.Point] {
        func spread(_ value: Double, _ range: ClosedRange<Double>?) -> ClosedRange<Double> {
            range.map { min($0.lowerBound, value)...max($0.upperBound, value) } ?? value...value
        }
        func noWorse(_ a: Double, _ ar: ClosedRange<Double>?, _ b: Double, _ br: ClosedRange<Double>?) -> Bool {
            a <= b || spread(a, ar).overlaps(spread(b, br))
        }
        func clearlyBetter(_ a: Double, _ ar: ClosedRange<Double>?, _ b: Double, _ br: ClosedRange<Double>?) -> Bool {
            spread(a, ar).upperBound < spread(b, br).lowerBound
        }
        return points.filter { candidate in
            !points.contains { other in
                noWorse(other.x, other.xRange, candidate.x, candidate.xRange) && noWorse(other.y, other.yRange,
                                                                                         candidate.y, candidate.yRange)
                    && (clearlyBetter(other.x, other.xRange, candidate.x, candidate.xRange)
                        || clearlyBetter(other.y, other.yRange, candidate.y, candidate.yRange))
            }
        }
    }
}
