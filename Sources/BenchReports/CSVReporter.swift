import BenchPlan
import BenchRunning

/// RFC 4180 CSV: a header of ``CSVColumn`` columns, one row per case and repetition, CRLF line ends.
public enum CSVReporter {
    public static func render(_ report: RunReport) -> String {
        var lines = [CSVColumn.allCases.map(\.column).map(Format.csvField).joined(separator: ",")]
        for result in report.results {
            lines.append(CSVColumn.allCases.map { Format.csvField($0.cell(in: result)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
