import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
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

    /// Writes each export asked for; one that fails is one line on stderr and does not stop the others, nor what the
    /// command does next (a baseline, the gate, the summary). False when any failed.
    func write(_ report: RunReport) -> Bool { write(ExportedFigure.all(in: report)) }

    /// Writes `figures` (a run's or a feed's) in each format asked for; false when any failed.
    func write(_ figures: [ExportedFigure]) -> Bool {
        var written = true
        for (flag, path) in destinations {
            do {
                let data = flag == "--export-bmf" ? try BMFExporter.render(figures) : try GitHubBenchmarkExporter.render(figures)
                try ReportWriter.writeAtomically(data, to: path)
            } catch {
                Console.error("\(flag) \(path) was not written: \(error)")
                written = false
            }
        }
        return written
    }

    /// `status`, or exit 3 (could not finish) for an export that failed: a regression (1) still says so.
    static func status(_ status: ExitStatus, exported: Bool) -> ExitStatus {
        !exported && (status == .success || status == .incomplete) ? .internalFailure : status
    }
}
