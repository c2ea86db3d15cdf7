import BenchCore
import Foundation
import SystemFiles

/// Writes report files atomically (a new sibling, then a rename), so a crash or a full disk never leaves a
/// half-written report in place of a good one; a path the user named keeps what it is (``OutputFile``).
public enum ReportWriter {
    /// Creates `directory` if needed and writes `files` (name → contents) into it.
    public static func write(_ files: [(name: String, contents: Data)], to directory: String) throws(UsageError) {
        do { try makeDirectories(directory) } catch { throw UsageError(error.description) }
        for file in files {
            try writeAtomically(file.contents, to: (directory as NSString).appendingPathComponent(file.name))
        }
    }

    /// Writes `data` to a path the user named: through a symbolic link, into a device, or replacing a regular file.
    public static func writeAtomically(_ data: Data, to path: String) throws(UsageError) {
        do { try OutputFile.write(Array(data), to: path) } catch { throw UsageError(error.description) }
    }

    /// Removes the `*.svg` files in `directory` that are not in `keep`: an earlier run's charts must not stay beside
    /// this run's report.
    public static func removeStaleCharts(in directory: String, keeping keep: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasSuffix(".svg") && !keep.contains(name) {
            unlink((directory as NSString).appendingPathComponent(name))
        }
    }
}
