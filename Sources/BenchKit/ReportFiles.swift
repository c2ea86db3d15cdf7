import BenchCore
import Foundation

/// The files of one run's report: CSV, Markdown, JSON and the SVG charts the Markdown embeds, published as one unit.
public enum ReportFiles {
    public static func write(_ report: RunReport, to directory: String) throws {
        let charts = ChartSet.make(for: report)
        try ReportWriter.write(charts.map { ($0.relativePath, Data($0.svg.utf8)) } + [
            ("results.csv", Data(CSVReporter.render(report).utf8)),
            ("results.md", Data(MarkdownReporter.render(report, charts: charts).utf8)),
            ("results.json", try JSONReporter.render(report)),
        ], to: directory)
    }
}
