import BenchPlan
import Foundation
import SystemFiles

/// Reading and writing baselines: a run's JSON report without its memory timelines, frame cost traces and replay,
/// written atomically.
public enum BaselineFile {
    /// Writes `report` as a baseline at `path` (through a temporary file and a rename); refuses a report that
    /// ``RunReport/baselineDefects()`` finds fault with, leaving `path` untouched.
    public static func save(_ report: RunReport, to path: String) throws {
        if let defect = report.baselineDefects().first { throw UsageError("not saved as a baseline: \(defect); "
                                                                          + "\(path) is untouched") }
        var stripped = report
        stripped.results = stripped.results.map { var result = $0; result.timeline = nil; result.frameCosts = nil; return result }
        stripped.replay = nil
        let directory = PathParts.folder(of: path)
        if directory != "." { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try ReportWriter.writeAtomically(try ReportJSON.encode(stripped), to: path)
    }

    /// Reads a report or baseline; unreadable, corrupt or foreign-schema files are usage errors (exit 2).
    public static func load(_ path: String, role: String) throws(UsageError) -> RunReport {
        let bytes = try readCapped(path, role: role)
        // A report a run published lies beside the manifest of its files: one that does not match it is half of a
        // publication that was cut short, and is not read as a whole report.
        if let mismatch = ReportDirectory.verify(bytes, in: PathParts.folder(of: path), name: PathParts.name(of: path)) {
            throw UsageError("\(path): \(mismatch)")
        }
        let data = Data(bytes)
        if let header = try? JSONDecoder().decode(SchemaHeader.self, from: data), !RunReport.readableSchemas.contains(header.schema) {
            throw UsageError("\(path): the \(role) has schema '\(header.schema)', this bench reads "
                             + "\(RunReport.readableSchemas.map { "'\($0)'" }.joined(separator: " and ")); make a new "
                             + "one with --save-baseline")
        }
        if let key = DuplicateKeys.first(in: data) {
            throw UsageError("\(path): the \(role) has the key '\(key)' twice in one object; which one "
                             + "counts is ambiguous")
        }
        let report: RunReport
        do {
            report = try ReportJSON.decode(data)
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

    /// The most bytes a report or baseline may hold: a run of thousands of cases with their memory timelines stays far
    /// below.
    public static let maxBytes = 1 << 30

    /// The file's bytes, read only when it is a regular file within ``maxBytes``; otherwise one line saying what it is.
    public static func readCapped(_ path: String, role: String) throws(UsageError) -> [UInt8] {
        guard let kind = FileKind.of(path, followingLinks: true) else { throw UsageError("\(path): cannot read the \(role) (no such file)") }
        guard kind == .regular else { throw UsageError("\(path): the \(role) is \(kind.description), not a report file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UsageError("\(path): cannot read the \(role) "
                                                      + "(\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) > maxBytes {
            throw UsageError("\(path): the \(role) is \(Format.bytes(Double(status.st_size))), over the "
                             + "\(Format.bytes(Double(maxBytes))) a report may be")
        }
        do { return try readAll(from: descriptor, path: path, limit: maxBytes) } catch {
            if error.code == EFBIG { throw UsageError("\(path): the \(role) is over the "
                                                      + "\(Format.bytes(Double(maxBytes))) a report may be") }
            throw UsageError("\(path): cannot read the \(role) (\(error.reason))")
        }
    }

    private struct SchemaHeader: Decodable { let schema: String }

    /// A coding key as the file spells it: the reports' keys are snake_case.
    public static func fileKey(_ key: String) -> String {
        key.reduce(into: "") { name, character in
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
    }

    /// A short reason for a decoding error.
    public static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "missing '\(fileKey(key.stringValue))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "\(error)"
        }
    }
}
