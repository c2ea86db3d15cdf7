import BenchCore
import GIFCodec

/// One chart file of a report.
public struct ChartFile: Sendable {
    public var gif: String
    public var kind: Kind
    public var fileName: String
    public var svg: String

    public enum Kind: String, Sendable {
        case memoryTimeline = "memory"
        case tradeOff = "tradeoff"
    }

    /// The path the Markdown report links, relative to it.
    public var relativePath: String { "charts/" + fileName }
}

/// The charts of a report: per GIF a memory timeline and a memory-versus-CPU trade-off with its Pareto front.
public enum ChartSet {
    public static func make(for report: RunReport) -> [ChartFile] {
        report.gifs.flatMap { gif -> [ChartFile] in
            let rows = report.summaries.filter { $0.gif == gif && $0.repetitions > 0 }
            guard !rows.isEmpty else { return [] }
            let safe = fileStem(gif)
            return [
                ChartFile(gif: gif, kind: .memoryTimeline, fileName: "\(safe)-memory.svg", svg: timeline(gif, rows, report.results)),
                ChartFile(gif: gif, kind: .tradeOff, fileName: "\(safe)-tradeoff.svg", svg: tradeOff(gif, rows)),
            ]
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

    /// The legend entry of a row: its decoder or policy, and its speed when a GIF was played at several.
    static func label(_ row: CaseSummary, severalSpeeds: Bool = false) -> String {
        var label = row.setting.plan.chosenByPolicy ? "\(row.policy) (\(row.decoder.description))" : row.decoder.description
        if severalSpeeds { label += " @ \(Format.fixed(row.setting.speed, digits: 2))×" }
        return label
    }

    static func timeline(_ gif: String, _ rows: [CaseSummary], _ results: [CaseResult]) -> String {
        var chart = SVGChart(title: "\(gif): allocated memory during playback", xLabel: "time (s)", yLabel: "allocated (MiB)")
        for row in rows {
            // The row's own case, by the key the gate groups cases by: speed, CPUs and byte source included.
            let key = row.setting.identity
            guard let result = results.first(where: { $0.failure == nil && $0.benchCase.identity == key }),
                  let samples = result.timeline?.samples, !samples.isEmpty else { continue }
            chart.series.append(.init(name: label(row, severalSpeeds: Set(rows.map(\.setting.speed)).count > 1),
                                      points: samples.map { ($0.time, Double($0.allocated) / 1_048_576) }, connected: true))
        }
        return chart.render()
    }

    static func tradeOff(_ gif: String, _ rows: [CaseSummary]) -> String {
        var chart = SVGChart(title: "\(gif): peak memory against CPU", xLabel: "CPU per loop (ms)", yLabel: "peak allocated (MiB)")
        let points = rows.map { (row: $0, x: $0.cpuPerLoop * 1000, y: $0.median(.jemallocAllocatedPeak) / 1_048_576) }
        for point in points {
            chart.series.append(.init(name: label(point.row, severalSpeeds: Set(rows.map(\.setting.speed)).count > 1),
                                      points: [(point.x, point.y)], connected: false))
        }
        chart.highlight = paretoFront(points.map { ($0.x, $0.y) })
        chart.highlightName = "Pareto front"
        return chart.render()
    }

    /// The points no other point beats on both axes (lower is better on each).
    public static func paretoFront(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        points.filter { candidate in
            !points.contains { other in
                other.x <= candidate.x && other.y <= candidate.y && (other.x < candidate.x || other.y < candidate.y)
            }
        }
    }
}
