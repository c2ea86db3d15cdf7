import CaseModel
import BenchPlan
import Foundation

/// The rows of a run as they finish, one JSON object per line (a ``CaseResult`` in its JSON form) in
/// `OUT/results.partial.jsonl`, so a run killed outright (kill -9, a lost machine) keeps every case it finished. The
/// file is removed once the full report is written; an interrupted run's report holds the same rows.
public final class RowJournal {
    public static let fileName = ReportFile.partialResults.name
    public let path: String
    private let descriptor: Int32
    private var failed = false

    /// Starts an empty journal in `folder` (replacing a dead run's).
    public init(in folder: OutputFolder) throws(UsageError) {
        path = folder.path + "/" + Self.fileName
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// Appends `result` as one line; a failure to write is said once and the run goes on (the report still holds it).
    public func append(_ result: CaseResult) {
        guard !failed, let line = try? JSONWriter.encode(result) else { return }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count {
            failed = true
            Console.note("bench: could not stream rows to \(path): \(String(cString: strerror(errno))); the report "
                         + "will still hold them")
        }
    }

    /// The full report is written: the journal is not needed any more.
    public func finish() { unlink(path) }

    /// The rows of a journal a killed run left behind, in the order they finished.
    public static func rows(at path: String) throws -> [CaseResult] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try JSONReader.decode(CaseResult.self, from: String($0)) }
    }
}
