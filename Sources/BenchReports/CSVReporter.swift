import BenchCore

/// RFC 4180 CSV: a header of ``Metric`` columns, one row per case and repetition, CRLF line ends.
public enum CSVReporter {
    public static func render(_ report: RunReport) -> String {
        var lines = [Metric.allCases.map(\.column).map(field).joined(separator: ",")]
        for result in report.results {
            lines.append(Metric.allCases.map { field($0.cell(in: result)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes a field when it holds a comma, quote or line break, doubling inner quotes.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
