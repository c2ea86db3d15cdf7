import BenchRunning
import Foundation

/// The chart's legend: entries laid out in rows under the plot, each a swatch and its words, and the note.
extension SVGChart {
    /// The legend's words for a whisker.
    static let whiskersName = "whiskers: the repetitions' range, lowest to highest"

    struct LegendLayout {
        var entries: [(item: LegendItem, text: String, x: Double, row: Int)]
        var rows: Int
    }

    /// Entries in rows left to right, wrapping before one would pass `width`; a name too long for a row alone is cut
    /// with an ellipsis. Each entry's box is its swatch (26 px), its text and a 14 px gap.
    func legendLayout(width: Double) -> LegendLayout {
        var items: [(LegendItem, String)] = series.indices.map { (.series($0), series[$0].name) }
        if !highlight.isEmpty { items.append((.pareto, highlightName)) }
        if series.contains(where: { $0.flagged || $0.points.contains(where: \.flagged) }) { items.append((.flagged, flaggedName)) }
        if series.contains(where: { $0.points.contains { $0.xRange != nil || $0.yRange != nil } }) { items.append((.whiskers, Self.whiskersName)) }
        // The note wraps by words onto rows of its own.
        var noteLine = ""
        for word in note.split(separator: " ") {
            if !noteLine.isEmpty && Self.textWidth(noteLine + " " + word) > width {
                items.append((.note, noteLine))
                noteLine = ""
            }
            noteLine += (noteLine.isEmpty ? "" : " ") + word
        }
        if !noteLine.isEmpty { items.append((.note, noteLine)) }
        var entries: [(item: LegendItem, text: String, x: Double, row: Int)] = []
        var x = 0.0, row = 0
        for (item, name) in items {
            let swatch = item.isNote ? 0.0 : 26
            let text = fit(name, width: width - swatch, font: 12)
            let entryWidth = swatch + Self.textWidth(text)
            if x > 0 && (x + entryWidth > width || item.isNote) {
                row += 1
                x = 0
            }
            entries.append((item, text, x, row))
            x += entryWidth + 14
        }
        return LegendLayout(entries: entries, rows: items.isEmpty ? 0 : row + 1)
    }

    func legendElements(_ layout: LegendLayout, top: Double) -> [String] {
        var out = ["<g class=\"legend\">"]
        for entry in layout.entries {
            let x = 16 + entry.x, y = top + Double(entry.row) * Self.legendRow + 10
            switch entry.item {
            case .series(let index):
                let style = Style(index: index)
                if series[index].connected {
                    out.append("<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 20))\" y2=\"\(f(y))\" "
                               + "stroke=\"\(style.color)\" stroke-width=\"1.8\"\(style.dashAttribute)/>")
                }
                out.append(style.marker(at: x + 10, y, hollow: series[index].flagged, class: "swatch"))
            case .pareto:
                // A dashed ring, as the front's own rings: not to be read as a hollow (stalled) marker.
                out.append("<circle class=\"swatch\" cx=\"\(f(x + 10))\" cy=\"\(f(y))\" r=\"7\" fill=\"none\" "
                           + "stroke=\"#555\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>")
            case .whiskers:
                out.append("<path class=\"swatch\" d=\"M\(f(x + 10)) \(f(y - 7))V\(f(y + 7))M\(f(x + 6)) "
                           + "\(f(y - 7))H\(f(x + 14))M\(f(x + 6)) \(f(y + 7))H\(f(x + 14))\" stroke=\"#333\" "
                           + "stroke-width=\"1.2\" fill=\"none\"/>")
            case .flagged:
                out.append("<circle class=\"swatch\" cx=\"\(f(x + 10))\" cy=\"\(f(y))\" r=\"4.5\" fill=\"white\" "
                           + "stroke=\"#333\" stroke-width=\"1.5\"/>")
            case .note:
                out.append("<text class=\"note\" x=\"\(f(x))\" y=\"\(f(y + 4))\" "
                           + "fill=\"#444\">\(escape(entry.text))</text>")
                continue
            }
            out.append("<text class=\"legend-entry\" x=\"\(f(x + 26))\" y=\"\(f(y + 4))\">\(escape(entry.text))</text>")
        }
        out.append("</g>")
        return out
    }
}
