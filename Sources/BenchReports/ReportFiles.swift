import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts
import BenchCore
import Foundation
import Mutants

/// The files of one run's report: CSV, Markdown, JSON and the SVG charts the Markdown embeds, published as one unit.
public enum ReportFiles {
    public static func write(_ report: RunReport, to directory: String) throws {
        try ReportWriter.write(render(report), to: directory)
    }

    /// Every file of the report, relative path and bytes, rendered in memory.
    public static func render(_ report: RunReport) throws -> [(String, Data)] {
        let charts = ChartSet.make(for: report)
        return charts.map { ($0.relativePath, Data($0.svg.utf8)) } + [
            ("results.csv", Data(CSVReporter.render(report).utf8)),
            ("results.md", Data(MarkdownReporter.render(report, charts: charts).utf8)),
            ("results.json", try JSONReporter.render(report)),
        ]
    }

    /// A run's report as it is published: its files, rendered once, and the Markdown printed on stdout, with
    /// `metadata.parent` read while all of them are held, so that the parent's peak memory includes building the report
    /// (at 1,000 GIFs most of it), not only playing the cases. Only `results.json` holds `metadata.parent`: it alone is
    /// rendered again once the reading is in.
    public static func measuringParent(_ report: RunReport, cases: Int) throws -> (report: RunReport, files: [(String, Data)], printed: String) {
        var measured = report
        let beforeReport = Mutant.parentPeakBeforeReport.isPlanted
        if beforeReport { measured.metadata.parent = ParentCost.now(cases: cases) }
        var files = try render(measured)
        let printed = MarkdownReporter.render(measured)
        if !beforeReport {
            measured.metadata.parent = ParentCost.now(cases: cases)
            if let json = files.firstIndex(where: { $0.0 == "results.json" }) { files[json].1 = try JSONReporter.render(measured) }
        }
        return (measured, files, printed)
    }
}
