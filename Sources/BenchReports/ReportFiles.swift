import BenchPlan
import BenchRunning
import Foundation

/// The files of one run's report: CSV, Markdown, JSON and the SVG charts the Markdown embeds, published as one unit.
public enum ReportFiles {
    /// Every file of the report, relative path and bytes, rendered in memory.
    public static func render(_ report: RunReport) throws -> [(name: String, contents: Data)] {
        try RunReportFiles(report).files()
    }

    /// A run's report as it is published: its files, rendered once, and the Markdown printed on stdout, with
    /// `metadata.parent` read while all of them are held, so that the parent's peak memory includes building the report
    /// (at 1,000 GIFs most of it), not only playing the cases. Only `results.json` holds `metadata.parent`: it alone is
    /// rendered again once the reading is in.
    /// With `folder`, what is printed is the answer and where the files are (as hyperfine prints its answer and
    /// leaves the tables to its exports); without, the whole Markdown report.
    /// The files come as the bytes the writer publishes, copied out of their rendering before the reading, as
    /// publishing them holds them.
    public static func measuringParent(_ report: RunReport, cases: Int,
                                       folder: String? = nil) throws -> (report: RunReport, files: [(name: String, bytes: [UInt8])], printed: String) {
        var measured = report
        var files = try render(measured).map { (name: $0.name, bytes: Array($0.contents)) }
        let printed = folder.flatMap { answer(measured, folder: $0) } ?? MarkdownReporter.render(measured)
        if let json = files.firstIndex(where: { $0.name == ReportFile.resultsJSON.name }) {
            // results.json must hold the reading, and rendering it again can itself raise the peak (the encoder's own
            // tree, at a thousand GIFs larger than the files): read, render, and read again until the peak holds still.
            for _ in 0..<3 {
                let reading = ParentCost.now(cases: cases)
                if let recorded = measured.metadata.parent, reading.peakResidentBytes <= recorded.peakResidentBytes { break }
                measured.metadata.parent = reading
                files[json].bytes = []
                files[json].bytes = Array(try JSONReporter.render(measured))
            }
        }
        return (measured, files, printed)
    }

    /// The answer section of `report` and a line naming its files; nil when the report gives no answer (then the whole
    /// report is printed).
    static func answer(_ report: RunReport, folder: String) -> String? {
        let lines = AnswerTable.render(report)
        guard !lines.isEmpty else { return nil }
        let failed = report.results.filter { $0.failure != nil }.count
        var out = ["# GIF Frame Bench report", ""] + lines
        if failed > 0 { out += ["\(failed) case\(failed == 1 ? "" : "s") failed: see the table of "
                                + "\(failed == 1 ? "its" : "their") GIF in results.md.", ""] }
        if report.incomplete { out += ["**Incomplete**: the run was interrupted; the answer covers the cases "
                                       + "that finished.", ""] }
        out.append("Every table and chart: \(folder)/results.md (and results.csv, results.json, charts/ beside it); "
                   + "`--markdown` prints the tables here too.")
        return out.joined(separator: "\n") + "\n"
    }
}
