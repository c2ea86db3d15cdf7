import BenchCore
import Foundation

/// Everything, for tools: metadata, every case with its memory timeline, and the summaries.
public enum JSONReporter {
    public static func render(_ report: RunReport) throws -> Data { try encode(report) }

    /// Any report in this format: pretty, keys sorted and in snake case, non-finite numbers as strings.
    public static func encode<Report: Encodable>(_ report: Report) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(report)
    }

    public static func decode(_ data: Data) throws -> RunReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(RunReport.self, from: data)
    }
}
