import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCLI
import Foundation
import SystemFiles

/// `bench compare`: a run against a baseline, with the gate's verdicts and exit status.
enum CompareCommand {
    static let help = """
    Usage: bench compare --baseline FILE [--current FILE] [--thresholds FILE] [--summary FILE]
                         [--gate-times never|always] [--print-thresholds]
                         [--export-github-benchmark FILE] [--export-bmf FILE]

    Compares a run's results.json (default: bench-results/latest/results.json) with a baseline made by
    'bench run --save-baseline FILE', prints a Markdown table per GIF and setting (metric, baseline,
    current, change, verdict) and exits 1 when anything regressed.

      --thresholds FILE  gate rules as JSON (default: the built-in rules; 'bench compare --print-thresholds'
                         prints them as a starting point)
      --summary FILE     also write only what changed beyond noise, worst first, for a pull-request comment;
                         with GITHUB_STEP_SUMMARY set, it is appended there too
    \(Exports.help)
      --gate-times WHEN  whether CPU and wall times (and CPU ratios) are gated rather than only reported:
                         never   report them (default): two runs' times are comparable only from one quiet
                                 host, and no report can prove that; 'bench gate' judges CPU paired instead
                         always  gate them: you vouch that both runs come from one quiet host
                         Memory, malloc counts, frames, and instructions counted in the same context are
                         gated whatever this says.

    Exit status: 0 no regression, 1 a regression, 2 bad usage or an unreadable or incompatible file.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        if arguments.flag("--print-thresholds") {
            try arguments.finish(command: "compare")
            Console.output(try thresholdsJSON(.defaults))
            return .success
        }
        guard let baselinePath = try arguments.value("--baseline") else { throw UsageError("compare needs --baseline FILE") }
        let currentPath = try arguments.value("--current") ?? "bench-results/latest/results.json"
        let thresholdsPath = try arguments.value("--thresholds")
        let summaryPath = try arguments.value("--summary")
        let timeGating = try arguments.value("--gate-times").map { text throws(UsageError) in try TimeGating(parsing: text) } ?? .never
        let exports = try Exports(&arguments)
        try arguments.finish(command: "compare")
        try Destinations.check(writes: [("--summary", summaryPath)].compactMap { flag, path in path.map { (flag, $0) } } + exports.destinations,
                               reads: [("--baseline", baselinePath), ("--current", currentPath)])
        let baseline = try BaselineFile.load(baselinePath, role: "baseline")
        let current = try BaselineFile.load(currentPath, role: "current report")
        let thresholds = try thresholdsPath.map { path throws(UsageError) in try Thresholds.load(path) } ?? .defaults
        let exported = exports.write(current)
        let status = try gate(current: current, baseline: baseline, thresholds: thresholds, timeGating: timeGating,
                              summaryPath: summaryPath)
        return Exports.status(status, exported: exported)
    }

    /// Compares, prints the tables, writes the summary, and returns the gate's exit status.
    static func gate(current: RunReport, baseline: RunReport, thresholds: Thresholds, timeGating: TimeGating,
                     summaryPath: String?) throws -> ExitStatus {
        let outcome = Gate.compare(baseline: baseline, current: current, thresholds: thresholds, timeGating: timeGating)
        guard outcome.comparisons.contains(where: { $0.verdict != .new && $0.verdict != .missing }) else {
            throw UsageError("the baseline and the current run share no GIF and setting; nothing to compare")
        }
        Console.answer(GateReporter.render(outcome, baseline: baseline.metadata, current: current.metadata))
        return try finish(outcome, summaryPath: summaryPath)
    }

    /// Writes the summary (to `summaryPath` and the GitHub step summary), says each cause on stderr, one line each, and
    /// returns the gate's exit status.
    static func finish(_ outcome: GateOutcome, summaryPath: String?) throws -> ExitStatus {
        let summary = GateReporter.summary(outcome)
        if let summaryPath { try ReportWriter.writeAtomically(Data(summary.utf8), to: summaryPath) }
        // On GitHub Actions the summary also goes to the job's page, after whatever earlier steps wrote there.
        if let stepSummary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !stepSummary.isEmpty {
            do { try OutputFile.append(Array((summary + "\n").utf8), to: stepSummary) } catch { throw UsageError("GITHUB_STEP_SUMMARY: \(error)") }
        }
        let causes = outcome.causes
        // CPU that went unjudged is said, never left to the table: counts from another context, or none at all.
        let ungated = outcome.comparisons.filter { $0.metric == .measure(.instructions) && $0.verdict == .notGated }
        if let first = ungated.first {
            let count = ungated.count
            Console.error("gate: instructions of \(count) case\(count == 1 ? "" : "s") not judged "
                          + "(\(first.note ?? "")): "
                          + "no CPU figure was gated; 'bench gate' judges CPU paired against the baseline's commit")
        }
        if causes.isEmpty {
            Console.note("gate: no regression against the baseline (\(outcome.improvements.count) "
                         + "improvements beyond noise)")
        } else {
            for cause in causes.prefix(20) { Console.error("gate: \(cause)") }
            if causes.count > 20 { Console.error("gate: … and \(causes.count - 20) more (see the table on stdout)") }
        }
        return outcome.passed ? .success : .regression
    }

    static func thresholdsJSON(_ thresholds: Thresholds) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(thresholds), as: UTF8.self)
    }
}
