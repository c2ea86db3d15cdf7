import BenchCore
import Foundation

/// The files of one run's report: CSV, Markdown, JSON and the SVG charts the Markdown embeds.
public enum ReportFiles {
    public static func write(_ report: RunReport, to directory: String) throws {
        let charts = ChartSet.make(for: report)
        let chartDirectory = (directory as NSString).appendingPathComponent("charts")
        try ReportWriter.write(charts.map { ($0.fileName, Data($0.svg.utf8)) }, to: chartDirectory)
        ReportWriter.removeStaleCharts(in: chartDirectory, keeping: Set(charts.map(\.fileName)))
        try ReportWriter.write([
            ("results.csv", Data(CSVReporter.render(report).utf8)),
            ("results.md", Data(MarkdownReporter.render(report, charts: charts).utf8)),
            ("results.json", try JSONReporter.render(report)),
        ], to: directory)
    }
}
