import Foundation
import SystemFiles

/// The files of a report folder that bench did not write: a file where a report goes, that the folder's manifest
/// does not list and that does not begin as bench writes that file (a report from before manifests did). A run
/// refuses such a folder rather than replace a file the user made.
enum ForeignReportFiles {
    /// The names, among a report's, of regular files in `folder` that bench did not write.
    static func names(in folder: String) -> [String] {
        let listed = ReportDirectory.listedFiles(at: folder)
        return ReportKind.folderFiles.filter { file in
            guard !listed.contains(file.name), let head = head(of: folder + "/" + file.name) else { return false }
            return !file.isWrittenByBench(head: head)
        }.map(\.name)
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
