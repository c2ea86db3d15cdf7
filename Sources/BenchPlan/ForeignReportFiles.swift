import Foundation
import SystemFiles

/// The files of a report folder that bench did not write: a file where a report goes, that the folder's manifest
/// does not list and that does not begin as bench writes that file (a report from before manifests did). A run
/// refuses such a folder rather than replace a file the user made.
enum ForeignReportFiles {
    /// How each report file bench writes begins; a JSON report also names its `metadata` near its start.
    static let signatures: [String: [String]] = [
        "results.md": ["# GIF Frame Bench report"], "feed.md": ["# Feed"], "gate.md": ["# Comparison with the baseline"],
        "cache.md": ["# GIF Frame Bench: the cache store path"], "results.csv": ["gif,"], "cache.csv": ["gif,"],
        "feed.csv": ["model,"], "rounds.csv": ["round,"], "regressions.tsv": ["gif\tsetting"], "results.partial.jsonl": ["{"],
    ]
    static let jsonReports: Set<String> = ["results.json", "feed.json", "candidate.json", "base.json"]

    /// The names, among a report's, of regular files in `folder` that bench did not write.
    static func names(in folder: String) -> [String] {
        let listed = ReportDirectory.listedFiles(at: folder)
        return Destinations.reportFolderNames.filter { name in
            guard !name.hasPrefix("."), !listed.contains(name) else { return false }
            guard let head = head(of: folder + "/" + name) else { return false }
            if jsonReports.contains(name) {
                return !(head.hasPrefix("{") && head.contains("\"metadata\""))
            }
            return !(signatures[name] ?? []).contains { head.hasPrefix($0) }
        }
    }

    /// The first 4 KiB of a regular file at `path` (links not followed), as text; nil when there is none.
    private static func head(of path: String) -> String? {
        guard FileKind.of(path) == .regular else { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: 4096)) ?? Data()
        return String(decoding: bytes, as: UTF8.self)
    }
}
