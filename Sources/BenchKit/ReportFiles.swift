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

    /// The report with `metadata.parent` filled in, read once every file of the report has been rendered, so that
    /// the parent's peak memory includes building the report (at 1,000 GIFs most of it), not only playing the cases.
    /// The files are then rendered again with it; the second rendering holds about as much as the first.
    public static func withParentCost(_ report: RunReport, cases: Int) throws -> RunReport {
        var measured = report
        // Held while the peak is read, as the files and the Markdown printed on stdout are held while publishing.
        let held = Mutant.parentPeakBeforeReport.isPlanted ? nil : (try render(report), MarkdownReporter.render(report))
        measured.metadata.parent = ParentCost.now(cases: cases)
        withExtendedLifetime(held) {}
        return measured
    }
}
