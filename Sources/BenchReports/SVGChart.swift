import BenchPlan
import BenchRunning
import Foundation

/// A minimal SVG line and scatter chart, with no outside packages: axes that turn logarithmic when the values span
/// more than 10×, a distinct marker and dash per series as well as a colour, whiskers for the repetitions' spread,
/// hollow markers for flagged series (settings that stalled), and a legend below the plot that wraps to fit.
public struct SVGChart: Sendable {
    /// One plotted value, with the range of the repetitions behind it when there were several.
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        public var xRange: ClosedRange<Double>?
        public var yRange: ClosedRange<Double>?
        /// Drawn hollow: this value of the series stalled or dropped frames.
        public var flagged: Bool

        public init(x: Double, y: Double, xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil,
                    flagged: Bool = false) {
            self.x = x
            self.y = y
            self.xRange = xRange
            self.yRange = yRange
            self.flagged = flagged
        }
    }

    public struct Series: Sendable {
        public var name: String
        public var points: [Point]
        /// Draw as a line (timelines, sweeps) or as markers alone (trade-offs).
        public var connected: Bool
        /// Drawn hollow, and named so in the legend: a setting that stalled or dropped frames.
        public var flagged: Bool
        /// For a line: the widest step along x drawn as a line; a wider one (a gap in a timeline's samples) leaves a
        /// break, not a straight stroke across what was not measured.
        public var maxGap: Double?

        public init(name: String, points: [Point], connected: Bool, flagged: Bool = false) {
            self.name = name
            self.points = points
            self.connected = connected
            self.flagged = flagged
        }

        public init(name: String, points: [(x: Double, y: Double)], connected: Bool, flagged: Bool = false) {
            self.init(name: name, points: points.map { Point(x: $0.x, y: $0.y) }, connected: connected,
                      flagged: flagged)
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series] = []
    /// Groups of points, each joined by a dashed line and circled: the Pareto fronts of a trade-off chart, one per
    /// speed (points of two speeds are not alternatives to each other). Each ring carries its point's ranges
    /// (`data-x-range`, `data-y-range`), so a check can tell a front that joins points inside each other's noise.
    public var fronts: [[Point]] = []
    /// Every front's points.
    var highlight: [Point] { fronts.flatMap { $0 } }
    public var highlightName = ""
    /// What a hollow marker means, in the legend (shown when a series is flagged).
    public var flaggedName = "stalled or dropped frames"
    /// Whether the x axis may turn logarithmic (not for time, which reads along a line).
    public var xMayBeLog = true
    /// Vertical lines at x values, each with a short label and a colour (events on a timeline).
    public var markers: [(x: Double, label: String, color: String)] = []
    /// Ticks on the x axis with a name instead of a number (`all (150)` where a sweep plots every frame); a numbered
    /// tick too close to one is left out.
    public var namedXTicks: [(x: Double, name: String)] = []
    /// A sentence under the legend: what the chart leaves out or which repetition it draws.
    public var note = ""

    static let width = 760.0, plotHeight = 300.0
    static let left = 78.0, right = 28.0, top = 40.0, axisBelow = 52.0
    static let legendRow = 20.0
    /// Eight hues far apart (Tableau 10 without its grey and olive); the markers and dashes tell apart what repeats.
    static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
    static let dashes = ["", "7 4", "2 3", "9 3 2 3"]

    public init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// The width a text of `font` px takes at most, for layout: 0.62 em a character covers sans-serif capitals and
    /// digits (rsvg's DejaVu Sans averages about 0.55 em).
    public static func textWidth(_ text: String, font: Double = 12) -> Double { Double(text.count) * font * 0.62 }

    /// The SVG document.
    public func render() -> String {
        var chart = self
        let (xs, ys) = axes()
        let plotWidth = Self.width - Self.left - Self.right
        // Where each point lands, to the tenth of a pixel the document writes: what the eye sees.
        chart.series = Self.mergingIdentical(series) { point in
            "\(f(Self.left + xs.fraction(point.x) * plotWidth)),\(f(Self.top + Self.plotHeight - ys.fraction(point.y) * Self.plotHeight))"
        }
        return chart.drawn()
    }

    /// The axes every series, whisker, front and marker fits on.
    func axes() -> (x: Axis, y: Axis) {
        let all = series.flatMap(\.points)
        let xs = Axis(all.flatMap { [$0.x] + ($0.xRange.map { [$0.lowerBound, $0.upperBound] } ?? []) } + highlight.map(\.x) + markers.map(\.x)
                        + namedXTicks.map(\.x),
                      mayBeLog: xMayBeLog)
        let ys = Axis(all.flatMap { [$0.y] + ($0.yRange.map { [$0.lowerBound, $0.upperBound] } ?? []) } + highlight.map(\.y))
        return (xs, ys)
    }

    /// Series that would be drawn one exactly over another (a sweep at two speeds whose figures do not depend on the
    /// speed), every point at the same place as `place` draws it, become one, named for all of them, so the legend
    /// names no line that cannot be seen.
    static func mergingIdentical(_ series: [Series], place: (Point) -> String) -> [Series] {
        var merged: [Series] = [], names: [[String]] = [], flagsDiffer: [Bool] = []
        func samePlot(_ a: Series, _ b: Series) -> Bool {
            a.connected == b.connected && a.points.count == b.points.count && zip(a.points, b.points).allSatisfy { place($0) == place($1) }
        }
        for entry in series {
            if !entry.points.isEmpty, let index = merged.firstIndex(where: { samePlot($0, entry) }) {
                names[index].append(entry.name)
                // A value that stalled in either is drawn hollow, and the name says so.
                if merged[index].flagged != entry.flagged || zip(merged[index].points, entry.points).contains(where: { $0.flagged != $1.flagged }) {
                    flagsDiffer[index] = true
                }
                merged[index].flagged = merged[index].flagged || entry.flagged
                for point in merged[index].points.indices where entry.points[point].flagged { merged[index].points[point].flagged = true }
            } else {
                merged.append(entry)
                names.append([entry.name])
                flagsDiffer.append(false)
            }
        }
        for index in merged.indices where names[index].count > 1 {
            merged[index].name = names[index].joined(separator: " = ")
                + (flagsDiffer[index] ? " (the same points; hollow where one of them stalled)" : " (the same points)")
        }
        return merged
    }

    func drawn() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let (xs, ys) = axes()
        let legend = legendLayout(width: Self.width - 2 * 16)
        let height = Self.top + Self.plotHeight + Self.axisBelow + Double(legend.rows) * Self.legendRow + 12
        func px(_ x: Double) -> Double { Self.left + xs.fraction(x) * plotWidth }
        func py(_ y: Double) -> Double { Self.top + Self.plotHeight - ys.fraction(y) * Self.plotHeight }
        let plotBottom = Self.top + Self.plotHeight
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<title>\(escape(title))</title>",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text class=\"title\" x=\"\(f(Self.width / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" "
            + "font-weight=\"bold\">\(escape(fit(title, width: Self.width - 24, font: 15)))</text>",
            "<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\">",
            "<line class=\"x-axis\" x1=\"\(f(Self.left))\" y1=\"\(f(plotBottom))\" x2=\"\(f(Self.left + plotWidth))\" "
            + "y2=\"\(f(plotBottom))\"/>",
            "<line class=\"y-axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" "
            + "y2=\"\(f(plotBottom))\"/>",
            "</g>",
        ]
        let named = namedXTicks.map { (x: px($0.x), name: $0.name) }
        let numbered = zip(xs.ticks, xs.tickLabels).map { (x: px($0), name: $1) }
            .filter { tick in !named.contains { abs($0.x - tick.x) < (Self.textWidth($0.name) + Self.textWidth(tick.name)) / 2 + 4 } }
            // Past a named end (`all`), a number names nothing that can be played.
            .filter { tick in named.isEmpty || tick.x <= named.map(\.x).max()! }
        for tick in numbered + named {
            out.append("<line x1=\"\(f(tick.x))\" y1=\"\(f(Self.top))\" x2=\"\(f(tick.x))\" y2=\"\(f(plotBottom))\" "
                       + "stroke=\"#eee\"/>")
            out.append("<text class=\"tick\" x=\"\(f(tick.x))\" y=\"\(f(plotBottom + 16))\" "
                       + "text-anchor=\"middle\">\(escape(tick.name))</text>")
        }
        for (tick, name) in zip(ys.ticks, ys.tickLabels) {
            out.append("<line x1=\"\(f(Self.left))\" y1=\"\(f(py(tick)))\" x2=\"\(f(Self.left + plotWidth))\" "
                       + "y2=\"\(f(py(tick)))\" stroke=\"#eee\"/>")
            out.append("<text class=\"tick\" x=\"\(f(Self.left - 6))\" y=\"\(f(py(tick) + 4))\" "
                       + "text-anchor=\"end\">\(name)</text>")
        }
        let xName = xLabel + (xs.isLog ? ", log scale" : ""), yName = yLabel + (ys.isLog ? ", log scale" : "")
        out.append("<text class=\"x-label\" x=\"\(f(Self.left + plotWidth / 2))\" y=\"\(f(plotBottom + 36))\" "
                   + "text-anchor=\"middle\">\(escape(xName))</text>")
        out.append("<text class=\"y-label\" transform=\"translate(18 \(f(Self.top + Self.plotHeight / 2))) "
                   + "rotate(-90)\" text-anchor=\"middle\">\(escape(fit(yName, width: Self.plotHeight, font: 12)))</text>")
        for marker in markers {
            out.append("<line class=\"marker\" x1=\"\(f(px(marker.x)))\" y1=\"\(f(Self.top))\" "
                       + "x2=\"\(f(px(marker.x)))\" y2=\"\(f(plotBottom))\" stroke=\"\(marker.color)\" "
                       + "stroke-dasharray=\"3 3\"/>")
            out.append("<text class=\"event\" x=\"\(f(px(marker.x) + 2))\" y=\"\(f(Self.top + 10))\" "
                       + "fill=\"\(marker.color)\" font-size=\"12\" font-weight=\"bold\">\(escape(marker.label))</text>")
        }
        for front in fronts where front.count > 1 {
            let path = front.sorted { $0.x < $1.x }.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            out.append("<polyline class=\"pareto\" points=\"\(path)\" fill=\"none\" stroke=\"#555\" "
                       + "stroke-dasharray=\"5 4\"/>")
        }
        for (index, front) in fronts.enumerated() {
            for point in front {
                func range(_ value: Double, _ range: ClosedRange<Double>?) -> String {
                    let spread = range ?? value...value
                    return "\(Format.fixed(spread.lowerBound, digits: 3)) \(Format.fixed(spread.upperBound, digits: 3))"
                }
                out.append("<circle class=\"pareto-point\" data-front=\"\(index)\" "
                           + "data-x-range=\"\(range(point.x, point.xRange))\" "
                           + "data-y-range=\"\(range(point.y, point.yRange))\" "
                           + "cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"9\" fill=\"none\" stroke=\"#555\" "
                           + "stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>")
            }
        }
        for (index, entry) in series.enumerated() {
            let style = Style(index: index)
            if entry.connected && entry.points.count > 1 {
                for run in Self.runs(entry.points, maxGap: entry.maxGap) where run.count > 1 {
                    let path = run.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
                    out.append("<polyline class=\"series\" points=\"\(path)\" fill=\"none\" stroke=\"\(style.color)\" "
                               + "stroke-width=\"1.8\"\(style.dashAttribute)/>")
                }
            }
            for point in entry.points {
                if let range = point.yRange, range.upperBound > range.lowerBound {
                    out.append(whisker(x1: px(point.x), y1: py(range.lowerBound), x2: px(point.x),
                                       y2: py(range.upperBound), color: style.color))
                }
                if let range = point.xRange, range.upperBound > range.lowerBound {
                    out.append(whisker(x1: px(range.lowerBound), y1: py(point.y), x2: px(range.upperBound),
                                       y2: py(point.y), color: style.color))
                }
            }
            // A line of many samples gets a marker every few points, enough to tell it by its shape.
            let step = entry.connected ? max(1, entry.points.count / 8) : 1
            for point in entry.points.enumerated().filter({ $0.offset % step == 0 }).map(\.element) {
                out.append(style.marker(at: px(point.x), py(point.y), hollow: entry.flagged || point.flagged,
                                        class: "point"))
            }
        }
        out += legendElements(legend, top: plotBottom + Self.axisBelow + 4)
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// A line's points cut where a step along x is wider than `maxGap`.
    static func runs(_ points: [Point], maxGap: Double?) -> [[Point]] {
        guard let maxGap else { return [points] }
        var runs: [[Point]] = [[]]
        for point in points {
            if let last = runs[runs.count - 1].last, point.x - last.x > maxGap { runs.append([]) }
            runs[runs.count - 1].append(point)
        }
        return runs
    }

    /// One legend entry: a series (its index), the Pareto front, or what a hollow marker means.
    enum LegendItem {
        case series(Int)
        case pareto
        case flagged
        /// What a whisker spans, when any point has one.
        case whiskers
        /// The chart's note: words alone, on a row of their own.
        case note

        var isNote: Bool { if case .note = self { true } else { false } }
    }

    /// A whisker from one end of a range to the other, with caps.
    private func whisker(x1: Double, y1: Double, x2: Double, y2: Double, color: String) -> String {
        let vertical = x1 == x2
        let caps = vertical
            ? "M\(f(x1 - 4)),\(f(y1)) h8 M\(f(x2 - 4)),\(f(y2)) h8"
            : "M\(f(x1)),\(f(y1 - 4)) v8 M\(f(x2)),\(f(y2 - 4)) v8"
        return "<path class=\"whisker\" d=\"M\(f(x1)),\(f(y1)) L\(f(x2)),\(f(y2)) \(caps)\" stroke=\"\(color)\" "
               + "stroke-width=\"1.2\" fill=\"none\"/>"
    }

    /// `text`, cut with an ellipsis so that it fits `width` at `font` px.
    func fit(_ text: String, width: Double, font: Double) -> String {
        guard Self.textWidth(text, font: font) > width else { return text }
        let keep = max(1, Int(width / (font * 0.62)) - 1)
        return String(text.prefix(keep)) + "…"
    }

    func f(_ value: Double) -> String { Format.fixed(value, digits: 1) }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
