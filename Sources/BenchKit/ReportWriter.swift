import BenchCore
import Foundation

/// Writes report files atomically (a temporary file in the same directory, then rename), so a crash or a full
/// disk never leaves a half-written report in place of a good one.
public enum ReportWriter {
    /// Creates `directory` if needed and writes `files` (name → contents) into it.
    public static func write(_ files: [(name: String, contents: Data)], to directory: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the output directory \(directory): \(error.localizedDescription)")
        }
        for file in files {
            try writeAtomically(file.contents, to: (directory as NSString).appendingPathComponent(file.name))
        }
    }

    /// Writes `data` to `path` through a temporary sibling and a rename.
    public static func writeAtomically(_ data: Data, to path: String) throws(UsageError) {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw UsageError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
