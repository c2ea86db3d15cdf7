import Foundation
import SystemFiles

/// The folder a run writes its reports into, made and checked before the first case (a bad `--out` costs a second,
/// not a whole run) and locked for the run, so two runs given the same folder never mix their files. A folder holding
/// a file where a report file goes that bench did not write (``ForeignReportFiles``) is refused.
public final class OutputFolder: Sendable {
    public let path: String
    private let lockDescriptor: Int32

    static let lockName = ".bench.lock"
    /// The folders a report holds (`charts/`): a link or a file there is refused before the first case, not at the end.
    static let reportSubfolders = ["charts"]

    /// Creates `path` if needed, proves a file can be written there, and takes the folder's lock; a second run on
    /// the same folder gets one clear line instead of waiting or mixing.
    public init(_ path: String, flag: String = "--out") throws(UsageError) {
        guard !path.isEmpty else { throw UsageError("\(flag) needs a directory, not an empty string") }
        let resolved: String
        do { resolved = try OutputFile.resolvingLinks(path) } catch { throw UsageError("\(flag) \(path): \(error.reason)") }
        if let kind = FileKind.of(resolved, followingLinks: true), kind != .directory {
            throw UsageError("\(flag) \(path) is \(kind.description), not a directory")
        }
        if let foreign = ForeignReportFiles.names(in: resolved).first {
            throw UsageError("\(flag) \(path) holds a \(foreign) that bench did not write, and the report "
                             + "would replace it; "
                             + "move it away, or choose another \(flag)")
        }
        for folder in Self.reportSubfolders {
            if let kind = FileKind.of(resolved + "/" + folder), kind != .directory {
                throw UsageError("\(flag) \(path): \(folder): " + ReportDirectory.foreignFolder(kind.description, flag: flag))
            }
        }
        do { try makeDirectories(resolved) } catch { throw UsageError("\(flag) \(path): \(error)") }
        let lock = open(resolved + "/" + Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw UsageError("\(flag) \(path) is not writable: \(String(cString: strerror(errno)))") }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw UsageError("\(flag) \(path) is in use by another bench run; wait for it to finish or give "
                             + "another \(flag)")
        }
        do { try AtomicFile.write([], to: resolved + "/.bench-write-check") } catch {
            close(lock)
            throw UsageError("\(flag) \(path) is not writable: \(error.reason)")
        }
        unlink(resolved + "/.bench-write-check")
        self.path = resolved
        lockDescriptor = lock
    }

    deinit { close(lockDescriptor) }
}
