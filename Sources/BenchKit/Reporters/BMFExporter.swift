import BenchCore
import Foundation

/// Bencher Metric Format: benchmark name → measure → `{value, lower_value, upper_value}`. Measures are the metric
/// columns in Bencher's slug style (`cpu-total-s`); the bounds are the bootstrap interval, or the repetitions' range.
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

    public static func render(_ report: RunReport) throws -> Data {
        var benchmarks: [String: [String: Figure]] = [:]
        for figure in ExportedFigure.all(in: report) {
            benchmarks[figure.caseName, default: [:]][measureSlug(figure.metric)] = Figure(value: figure.value, lowerValue: figure.lower,
                                                                                         upperValue: figure.upper)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(benchmarks)
    }

    /// `cpu_total_s` → `cpu-total-s`.
    static func measureSlug(_ metric: Measure) -> String { metric.column.replacingOccurrences(of: "_", with: "-") }
}
