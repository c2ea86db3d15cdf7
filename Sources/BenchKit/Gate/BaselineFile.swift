import BenchCore
import Foundation
import SystemFiles

/// Reading and writing baselines: a run's JSON report without its memory timelines, written atomically.
public enum BaselineFile {
    /// Writes `report` as a baseline at `path` (through a temporary file and a rename); refuses a report that
    /// ``RunReport/baselineDefects()`` finds fault with, leaving `path` untouched.
    public static func save(_ report: RunReport, to path: String) throws {
        if let defect = report.baselineDefects().first { throw UsageError("not saved as a baseline: \(defect); \(path) is untouched") }
        var stripped = report
        stripped.results = stripped.results.map { var result = $0; result.timeline = nil; return result }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try ReportWriter.writeAtomically(try JSONReporter.render(stripped), to: path)
    }

    /// Reads a report or baseline; unreadable, corrupt or foreign-schema files are usage errors (exit 2).
    public static func load(_ path: String, role: String) throws(UsageError) -> RunReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(path): cannot read the \(role) (\(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))")
        }
        // A report a run published lies beside the manifest of its files: one that does not match it is half of a
        // publication that was cut short, and is not read as a whole report.
        let directory = (path as NSString).deletingLastPathComponent
        if let mismatch = ReportDirectory.verify(Array(data), in: directory.isEmpty ? "." : directory,
                                                 name: (path as NSString).lastPathComponent) {
            throw UsageError("\(path): \(mismatch)")
        }
        if let header = try? JSONDecoder().decode(SchemaHeader.self, from: data), header.schema != RunReport.schema {
            throw UsageError("\(path): the \(role) has schema '\(header.schema)', this bench reads '\(RunReport.schema)'; make a new one with --save-baseline")
        }
        if let key = DuplicateKeys.first(in: data) {
            throw UsageError("\(path): the \(role) has the key '\(key)' twice in one object; which one counts is ambiguous")
        }
        let report: RunReport
        do {
            report = try JSONReporter.decode(data)
        } catch {
            throw UsageError("\(path): not a GIF Frame Bench \(role) (\(reason(error)))")
        }
        if role == "baseline", let defect = report.baselineDefects().first {
            throw UsageError("\(path): the baseline is corrupt or untrustworthy: \(defect)")
        }
        if let defect = report.figureDefects().first {
            throw UsageError("\(path): the \(role) holds a figure no run can measure: \(defect)")
        }
        return report
    }

    private struct SchemaHeader: Decodable { let schema: String }

    /// A short reason for a decoding error.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "missing '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "\(error)"
        }
    }
}
