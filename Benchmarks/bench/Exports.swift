import BenchCLI
import BenchKit
import Foundation

/// `--export-github-benchmark FILE` and `--export-bmf FILE`: the report in the formats dashboards read, each written
/// only when asked.
struct Exports {
    var githubBenchmark: String?
    var bencherMetricFormat: String?

    static let help = """
      --export-github-benchmark FILE  the run as benchmark-action/github-action-benchmark's customSmallerIsBetter JSON
      --export-bmf FILE               the run in Bencher Metric Format (value, lower_value, upper_value per measure)
    """

    init(_ arguments: inout ArgumentList) throws(UsageError) {
        githubBenchmark = try arguments.value("--export-github-benchmark")
        bencherMetricFormat = try arguments.value("--export-bmf")
    }

    /// The files the exports will write, for ``Destinations``.
    var destinations: [(flag: String, path: String)] {
        [("--export-github-benchmark", githubBenchmark), ("--export-bmf", bencherMetricFormat)].compactMap { flag, path in path.map { (flag, $0) } }
    }

    func write(_ report: RunReport) throws {
        if let githubBenchmark { try ReportWriter.writeAtomically(try GitHubBenchmarkExporter.render(report), to: githubBenchmark) }
        if let bencherMetricFormat { try ReportWriter.writeAtomically(try BMFExporter.render(report), to: bencherMetricFormat) }
    }
}
