import BenchRunning
import Foundation

/// Bencher Metric Format: benchmark name → measure → `{value, lower_value, upper_value}`. Measures are the series of
/// ``ExportedSeries`` in Bencher's slug style, their unit in the name as BMF has no unit field (`cpu-total-s`,
/// `rss-growth-bytes`); the bounds are the repetitions' range.
public enum BMFExporter {
    struct Figure: Encodable {
        var value: Double
        var lowerValue: Double
        var upperValue: Double

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    public static func render(_ report: RunReport) throws -> Data { try render(ExportedFigure.all(in: report)) }

    public static func render(_ figures: [ExportedFigure]) throws -> Data {
        var benchmarks: [String: [String: Figure]] = [:]
        for figure in figures {
            benchmarks[figure.caseName, default: [:]][measureSlug(figure.column)] = Figure(value: figure.value,
                                                                                           lowerValue: figure.lower,
                                                                                         upperValue: figure.upper)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(benchmarks)
    }

    /// `cpu_total_s` → `cpu-total-s`.
    static func measureSlug(_ column: String) -> String { column.replacingOccurrences(of: "_", with: "-") }
}
