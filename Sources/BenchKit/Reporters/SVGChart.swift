import BenchCore
import Foundation

/// A minimal SVG line and scatter chart with axes, ticks and a legend; no outside packages.
public struct SVGChart: Sendable {
    public struct Series: Sendable {
        public var name: String
        public var points: [(x: Double, y: Double)]
        /// Draw as a polyline (timelines) or as dots (trade-offs).
        public var connected: Bool
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series] = []
    /// Points joined by a dashed line and circled (the Pareto front of a trade-off chart).
    public var highlight: [(x: Double, y: Double)] = []
    public var highlightName = ""
    /// Vertical lines at x values, each with a short label and a colour (events on a timeline).
    public var markers: [(x: Double, label: String, color: String)] = []

    static let width = 760.0, height = 420.0
    static let left = 78.0, right = 230.0, top = 40.0, bottom = 56.0
    static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
                         "#7f7f7f", "#bcbd22", "#393b79", "#637939"]

    public init(title: String, xLabel: String, yLabel: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// The SVG document.
    public func render() -> String {
        let all = series.flatMap(\.points) + highlight + markers.map { (x: $0.x, y: 0) }
        let xs = NiceScale(all.map(\.x)), ys = NiceScale(all.map(\.y))
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func px(_ x: Double) -> Double { Self.left + (x - xs.lower) / (xs.upper - xs.lower) * plotWidth }
        func py(_ y: Double) -> Double { Self.top + plotHeight - (y - ys.lower) / (ys.upper - ys.lower) * plotHeight }
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<title>\(escape(title))</title>",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(f(Self.width / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">\(escape(title))</text>",
            "<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\">",
            "<line class=\"x-axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top + plotHeight))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(Self.top + plotHeight))\"/>",
            "<line class=\"y-axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" y2=\"\(f(Self.top + plotHeight))\"/>",
            "</g>",
        ]
        for tick in xs.ticks {
            out.append("<line x1=\"\(f(px(tick)))\" y1=\"\(f(Self.top))\" x2=\"\(f(px(tick)))\" y2=\"\(f(Self.top + plotHeight))\" stroke=\"#eee\"/>")
            out.append("<text x=\"\(f(px(tick)))\" y=\"\(f(Self.top + plotHeight + 16))\" text-anchor=\"middle\">\(label(tick))</text>")
        }
        for tick in ys.ticks {
            out.append("<line x1=\"\(f(Self.left))\" y1=\"\(f(py(tick)))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(py(tick)))\" stroke=\"#eee\"/>")
            out.append("<text x=\"\(f(Self.left - 6))\" y=\"\(f(py(tick) + 4))\" text-anchor=\"end\">\(label(tick))</text>")
        }
        out.append("<text class=\"x-label\" x=\"\(f(Self.left + plotWidth / 2))\" y=\"\(f(Self.height - 14))\" text-anchor=\"middle\">\(escape(xLabel))</text>")
        out.append("<text class=\"y-label\" transform=\"translate(18 \(f(Self.top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>")
        for marker in markers {
            out.append("<line class=\"marker\" x1=\"\(f(px(marker.x)))\" y1=\"\(f(Self.top))\" x2=\"\(f(px(marker.x)))\" y2=\"\(f(Self.top + plotHeight))\" stroke=\"\(marker.color)\" stroke-dasharray=\"3 3\"/>")
            out.append("<text x=\"\(f(px(marker.x) + 2))\" y=\"\(f(Self.top + 10))\" fill=\"\(marker.color)\" font-size=\"10\">\(escape(marker.label))</text>")
        }
        if highlight.count > 1 {
            let path = highlight.sorted { $0.x < $1.x }.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            out.append("<polyline class=\"pareto\" points=\"\(path)\" fill=\"none\" stroke=\"#555\" stroke-dasharray=\"5 4\"/>")
        }
        for point in highlight {
            out.append("<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"8\" fill=\"none\" stroke=\"#555\" stroke-width=\"1.5\"/>")
        }
        out.append("<g class=\"legend\">")
        var legendY = Self.top + 6
        for (index, entry) in series.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            if entry.connected {
                let path = entry.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
                out.insert("<polyline class=\"series\" points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.8\"/>", at: out.count - 1)
            } else {
                for point in entry.points {
                    out.insert("<circle class=\"series\" cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"4.5\" fill=\"\(color)\"/>", at: out.count - 1)
                }
            }
            let x = Self.width - Self.right + 16
            out.append("<rect x=\"\(f(x))\" y=\"\(f(legendY - 9))\" width=\"12\" height=\"12\" fill=\"\(color)\"/>")
            out.append("<text x=\"\(f(x + 18))\" y=\"\(f(legendY + 1))\">\(escape(entry.name))</text>")
            legendY += 18
        }
        if !highlight.isEmpty {
            let x = Self.width - Self.right + 16
            out.append("<circle cx=\"\(f(x + 6))\" cy=\"\(f(legendY - 3))\" r=\"6\" fill=\"none\" stroke=\"#555\" stroke-width=\"1.5\"/>")
            out.append("<text x=\"\(f(x + 18))\" y=\"\(f(legendY + 1))\">\(escape(highlightName))</text>")
        }
        out.append("</g>")
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private func f(_ value: Double) -> String { Format.fixed(value, digits: 1) }

    private func label(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 || value == value.rounded() { return Format.fixed(value, digits: 0) }
        return Format.fixed(value, digits: magnitude >= 10 ? 1 : (magnitude >= 1 ? 2 : 3))
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Axis bounds and ticks at 1, 2 or 5 × 10ⁿ steps covering the data (from 0 when the data are positive).
struct NiceScale {
    let lower: Double
    let upper: Double
    let ticks: [Double]

    init(_ values: [Double]) {
        let finite = values.filter(\.isFinite)
        var low = min(0, finite.min() ?? 0), high = finite.max() ?? 1
        if high <= low { high = low + 1 }
        let rough = (high - low) / 5
        var exponent = 1.0
        while exponent * 10 <= rough { exponent *= 10 }
        while exponent > rough { exponent /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * exponent }.first { $0 >= rough } ?? exponent * 10
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        lower = low
        upper = high
        ticks = Array(stride(from: low, through: high + step / 2, by: step))
    }
}
