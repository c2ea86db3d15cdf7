import Foundation

/// The report's JSON coding, one for writing and reading: pretty, keys sorted and in snake case, non-finite numbers as
/// strings ("inf", "-inf", "nan"). `results.json`, baselines and the feed's report all use it.
public enum ReportJSON {
    /// Any report in this format.
    public static func encode<Report: Encodable>(_ report: Report) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                      nan: "nan")
        return try encoder.encode(report)
    }

    /// A run's report from `data`.
    public static func decode(_ data: Data) throws -> RunReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf",
                                                                        negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(RunReport.self, from: data)
    }
}
