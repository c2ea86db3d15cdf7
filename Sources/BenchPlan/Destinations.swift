import Foundation
import SystemFiles

/// The files a command will write, checked before it does any work: each must differ from every other, from every
/// file the command reads, and from the files of the report folder it publishes; each must name a file, not a folder,
/// in a folder that exists. Two paths are the same file when they reach one device and inode, or, for a file not made
/// yet, one name in one folder.
public enum Destinations {
    /// The names a report folder's publication owns (``ReportDirectory``): every kind's files (``ReportKind``), the
    /// manifest and the lock.
    static let reportFolderNames = ReportKind.folderFiles.map(\.name) + [ReportDirectory.manifestName, ".bench.lock"]

    /// Throws one line naming the flags that collide, or the destination that cannot be written.
    /// With `collisionsOnly`, only collisions are checked: an output whose folder does not exist yet (inside an `--out`
    /// the command will make) is passed over, and nothing is tried for writing; the command checks those itself.
    public static func check(writes outputs: [(flag: String, path: String)],
                             reportFolder: (flag: String, path: String)? = nil,
                             reads inputs: [(what: String, path: String)] = [],
                             collisionsOnly: Bool = false) throws(UsageError) {
        var seen: [(what: String, identity: FileIdentity)] = []
        if let reportFolder {
            for name in reportFolderNames {
                if let identity = FileIdentity.of(reportFolder.path + "/" + name) {
                    seen.append(("\(reportFolder.flag)'s \(name)", identity))
                }
            }
        }
        for input in inputs {
            if let identity = FileIdentity.of(input.path) { seen.append((input.what, identity)) }
        }
        for output in outputs where output.path != "/dev/null" {
            guard let identity = FileIdentity.of(output.path) else {
                if collisionsOnly { continue }
                throw UsageError("\(output.flag) \(output.path): its folder does not exist; make it first or "
                                 + "choose another path")
            }
            if identity.isDirectory {
                throw UsageError("\(output.flag) \(output.path) is a directory; name a file")
            }
            if let reportFolder, let charts = FileIdentity.of(reportFolder.path + "/charts"),
               FileIdentity.of(FileIdentity.folder(of: output.path)) == charts {
                throw UsageError("\(output.flag) \(output.path) is inside \(reportFolder.flag)'s charts folder, which "
                                 + "the report owns; choose another path")
            }
            if let earlier = seen.first(where: { $0.identity == identity }) {
                throw UsageError("\(output.flag) \(output.path) is the same file as \(earlier.what); one would "
                                 + "overwrite the other, so choose another path")
            }
            if !collisionsOnly, let reason = unwritable(output.path) {
                throw UsageError("\(output.flag) \(output.path) cannot be written (\(reason)); choose another path")
            }
            seen.append((output.flag, identity))
        }
    }

    /// Why `path` cannot be written, found by trying as the write will (permissions alone say nothing to root, nor
    /// of a read-only file system or /proc): an existing file is opened for writing and closed untouched; for a new
    /// one, an empty file of a private name is made in its folder and removed. Nil when it can be written.
    static func unwritable(_ path: String) -> String? {
        if path == "-" { return nil }
        var status = stat()
        if stat(path, &status) == 0 {
            // O_NONBLOCK: a FIFO with no reader yet is not an error here.
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if descriptor < 0 { return errno == ENXIO ? nil : String(cString: strerror(errno)) }
            close(descriptor)
            return nil
        }
        let probe = FileIdentity.folder(of: path) + "/.bench-probe-\(getpid())-\(FileIdentity.name(of: path).hashValue & 0xFFFF)"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 { return String(cString: strerror(errno)) }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// Throws one line when the report folder `out` is one of the folders the command reads.
    public static func checkFolder(_ out: (flag: String, path: String),
                                   against folders: [(what: String, path: String)]) throws(UsageError) {
        guard let target = FileIdentity.of(out.path) else { return }
        if let same = folders.first(where: { FileIdentity.of($0.path) == target }) {
            throw UsageError("\(out.flag) \(out.path) is \(same.what); the report would replace what it is made from, "
                             + "so choose another folder")
        }
    }
}

/// Which file a path reaches: its device and inode when it exists (links followed, as a write to a named path
/// follows them), else its name in its folder's device and inode.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    var name: String?
    var isDirectory = false

    static func of(_ path: String) -> FileIdentity? {
        if path == "-" { return FileIdentity(device: 0, inode: 0, name: "standard output") }
        var status = stat()
        if stat(path, &status) == 0 {
            return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), name: nil,
                                isDirectory: status.st_mode & S_IFMT == S_IFDIR)
        }
        guard stat(folder(of: path), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), name: name(of: path))
    }

    /// The folder `path` names a file in (``PathParts/folder(of:)``).
    static func folder(of path: String) -> String { PathParts.folder(of: path) }

    static func name(of path: String) -> String { PathParts.name(of: path) }
}
