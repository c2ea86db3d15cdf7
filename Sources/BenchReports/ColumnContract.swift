import BenchRunning
import CaseModel

/// The report's columns as docs/running.md states them ("Report columns"), made from the declarations: every column of
/// ``CSVColumn/allCases``, in CSV order, each once, with the meaning its declaration gives (``Measure/meaning``,
/// ``CaseColumn/meaning``: exhaustive switches, so a new column does not build until it says what it is);
/// `bench schema columns` prints the table and a test holds the document to it.
public enum ColumnContract {
    /// The Markdown table: column, unit, meaning.
    public static func markdown() -> String {
        var lines = ["| column | unit | meaning |", "| --- | --- | --- |"]
        for metric in CSVColumn.allCases {
            lines.append("| `\(metric.column)` | \(unit(metric)) | \(meaning(metric)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The feed CSV's columns as docs/feed.md states them ("Feed columns"): what was played, every ``FeedMeasure``
    /// in its declared order, and the failure; `bench schema feed-columns` prints it.
    public static func feedMarkdown() -> String {
        var lines = ["| column | unit | meaning |", "| --- | --- | --- |"]
        for column in FeedCSVReporter.setting {
            lines.append("| `\(column.name)` | \(name(column.unit)) | \(column.meaning) |")
        }
        for measure in FeedMeasure.allCases { lines.append(row(measure)) }
        let failure = FeedCSVReporter.failure
        lines.append("| `\(failure.name)` | \(name(failure.unit)) | \(failure.meaning) |")
        for measure in FeedCSVReporter.renamed {
            guard let former = measure.formerColumn else { continue }
            let unit = measure == .cpuPerAnimationSecond ? "ms/s" : name(measure.unit)
            lines.append("| `\(former)` | \(unit) | former name of `\(measure.column)`, written through 0.10 only |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A declared measure's row: a case's or a feed's, read through the same declaration.
    static func row(_ measure: some DeclaredMeasure) -> String {
        "| `\(measure.column)` | \(name(measure.unit)) | \(measure.meaning) |"
    }

    static func unit(_ metric: CSVColumn) -> String {
        switch metric {
        case .describing(.width), .describing(.height), .describing(.displayWidth), .describing(.displayHeight): "px"
        case .describing(.framesHash), .describing(.displayFramesHash): "hex"
        case .measured(.framesPerCPUSecond): "frames/s"
        case .describing(let column): name(column.unit)
        case .measured(let measure): name(measure.unit)
        }
    }

    static func name(_ unit: MetricUnit) -> String {
        switch unit {
        case .bytes: "bytes"
        case .seconds: "s"
        case .count: "count"
        case .ratio: "ratio"
        case .text: "–"
        }
    }

    static func meaning(_ metric: CSVColumn) -> String {
        switch metric {
        case .describing(let column): column.meaning
        case .measured(let measure): measure.meaning
        }
    }
}
