import BenchPlan
import BenchRunning
import Foundation

/// The `customSmallerIsBetter` input of benchmark-action/github-action-benchmark: a JSON array of
/// `{name, unit, value, range, extra}`, one entry per case and series (``ExportedSeries``), names stable across runs
/// and unique.
public enum GitHubBenchmarkExporter {
    struct Entry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String
        var extra: String
    }

    public static func render(_ report: RunReport) throws -> Data { try render(ExportedFigure.all(in: report)) }

    public static func render(_ figures: [ExportedFigure]) throws -> Data {
        let entries = figures.map { figure in
            let digits = figure.digits
            return Entry(name: "\(figure.caseName) · \(figure.column)", unit: figure.unit, value: figure.value,
                         range: "± \(Format.fixed(max(figure.upper - figure.value, figure.value - figure.lower), digits: digits))",
                         extra: "median of \(figure.repetitions) repetition\(figure.repetitions == 1 ? "" : "s"); "
                             + "from \(Format.fixed(figure.lower, digits: digits)) to "
                             + "\(Format.fixed(figure.upper, digits: digits))")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(entries)
    }
}
