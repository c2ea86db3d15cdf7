#if canImport(Glibc)
import Glibc
#endif

/// A directory a tool publishes a report into as one unit, beside whatever else the user keeps there.
///
/// Every file of a report is first written into a fresh private staging directory inside it (so a full disk, a file
/// size limit or a crash before publication leaves the earlier report whole), then renamed into place, and a manifest
/// naming each file with its size and hash is renamed last: a reader that trusts the manifest
/// (``verify(_:in:)``) never takes a mix of two reports for one. Files are opened relative to the directory and never
/// through symbolic links (a link where a report file goes is replaced, not written through; a link where a report
/// folder goes is refused). Only files an earlier manifest lists are ever removed.
public struct ReportDirectory: Sendable {
    /// The directory, as given (its own path may be a link the user made; nothing inside it is followed).
    public let path: String

    /// The manifest's name inside the directory.
    public static let manifestName = ".bench-manifest"
    static let manifestSchema = "gif-frame-bench-manifest/1"

    public init(_ path: String) { self.path = path }

    /// Writes `files` (relative names, at most one folder deep, such as `charts/a.svg`) as the directory's report,
    /// replacing the one its manifest lists. Throws, with the earlier report untouched, when anything cannot be
    /// written.
    public func publish(_ files: [(name: String, bytes: [UInt8])]) throws(SystemError) {
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw SystemError("open", path: path) }
        defer { close(directory) }
        for file in files { try Self.checkName(file.name, in: path) }
        let staging = try Staging(in: directory, path: path)
        defer { staging.remove() }
        for file in files { try staging.write(file.bytes, as: file.name) }
        let manifest = Self.manifest(files)
        try staging.write(Array(manifest.utf8), as: Self.manifestName)
        let earlier = Self.listedFiles(in: directory)
        for folder in Set(files.compactMap { Self.folder(of: $0.name) }) { try Self.makeFolder(folder, in: directory, path: path) }
        for file in files {
            guard renameat(staging.descriptor, file.name, directory, file.name) == 0 else {
                throw SystemError("publish", path: path + "/" + file.name)
            }
        }
        guard renameat(staging.descriptor, Self.manifestName, directory, Self.manifestName) == 0 else {
            throw SystemError("publish", path: path + "/" + Self.manifestName)
        }
        let published = Set(files.map(\.name))
        for stale in earlier where !published.contains(stale) { Self.removeRegularFile(stale, in: directory) }
        fsync(directory)
    }

    /// Nil when `bytes`, read from `name` in `directory`, are the file the directory's manifest lists, or when the
    /// manifest lists no such file (or there is none: a file written by hand or by an older version); otherwise why
    /// they cannot be trusted, in one line.
    public static func verify(_ bytes: [UInt8], in directory: String, name: String) -> String? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Not listed: not a file of the published report (a baseline saved beside it, say).
        guard let entry = manifestEntries(in: descriptor).first(where: { $0.name == name }) else { return nil }
        guard entry.size == bytes.count, entry.fingerprint == fingerprint(bytes) else {
            return "\(directory)/\(name) does not match the report the folder's manifest lists; its publication was "
                   + "interrupted, run again"
        }
        return nil
    }

    /// The entries of the directory's manifest, each file's name, size and hash; none without a manifest.
    static func manifestEntries(in directory: Int32) -> [(fingerprint: String, size: Int, name: String)] {
        let descriptor = openat(directory, manifestName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard let bytes = try? readAll(from: descriptor, path: manifestName, limit: 16 << 20) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first == Substring(manifestSchema) else { return [] }
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let size = Int(fields[1]) else { return nil }
            return (String(fields[0]), size, String(fields[2]))
        }
    }

    static func manifest(_ files: [(name: String, bytes: [UInt8])]) -> String {
        ([manifestSchema] + files.map { "\(fingerprint($0.bytes)) \($0.bytes.count) \($0.name)" }).joined(separator: "\n") + "\n"
    }

    /// FNV-1a 64 of the bytes, as 16 hex digits.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The files the directory's manifest lists, those with a name a report may use; none without a manifest.
    /// The files the manifest of the directory at `path` lists: the report bench published there last.
    public static func listedFiles(at path: String) -> Set<String> {
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return [] }
        defer { close(directory) }
        return Set(listedFiles(in: directory))
    }

    static func listedFiles(in directory: Int32) -> [String] {
        manifestEntries(in: directory).map(\.name).filter { (try? checkName($0, in: "")) != nil }
    }

    /// A report file's name: one or two plain components, none of them empty, `.` or `..`.
    static func checkName(_ name: String, in path: String) throws(SystemError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
              parts.allSatisfy({ $0.utf8.count <= 255 }) else {
            throw SystemError("name a report file", path: path + "/" + name, code: EINVAL)
        }
    }

    static func folder(of name: String) -> String? {
        guard let slash = name.firstIndex(of: "/") else { return nil }
        return String(name[..<slash])
    }

    /// Makes `folder` inside `directory` unless it is already a directory; a link or a file there is refused.
    static func makeFolder(_ folder: String, in directory: Int32, path: String) throws(SystemError) {
        if mkdirat(directory, folder, 0o755) == 0 || errno != EEXIST { return }
        var status = stat()
        guard fstatat(directory, folder, &status, AT_SYMLINK_NOFOLLOW) == 0 else { throw SystemError("make", path: path + "/" + folder) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a directory"
            throw SystemError("write into", path: path + "/" + folder, code: EEXIST,
                              explanation: foreignFolder(what))
        }
    }

    /// Why a report folder that is `what` (a symbolic link, a file) where the report puts a folder is refused, and
    /// what to do: the same words before the first case (`OutputFolder`) and at publication.
    public static func foreignFolder(_ what: String, flag: String = "--out") -> String {
        "it is \(what), and a report is written only into folders of its own; move it away or choose another \(flag)"
    }

    /// Unlinks `name` when it is a regular file (never a link's target, never a folder).
    static func removeRegularFile(_ name: String, in directory: Int32) {
        var status = stat()
        guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        unlinkat(directory, name, 0)
    }
}

/// A private directory inside the destination where a report is written before it is published.
private struct Staging {
    let descriptor: Int32
    let parent: Int32
    let name: String
    let path: String

    init(in parent: Int32, path: String) throws(SystemError) {
        var made = ""
        for _ in 0..<16 {
            let candidate = ".bench-staging-" + RawFile.randomSuffix()
            if mkdirat(parent, candidate, 0o700) == 0 { made = candidate; break }
            if errno != EEXIST { throw SystemError("write into", path: path) }
        }
        guard !made.isEmpty else { throw SystemError("write into", path: path) }
        let descriptor = openat(parent, made, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = SystemError("write into", path: path)
            unlinkat(parent, made, AT_REMOVEDIR)
            throw failure
        }
        self.descriptor = descriptor
        self.parent = parent
        self.name = made
        self.path = path
    }

    /// Writes `bytes` as `name` (making its folder), flushed to the disk.
    func write(_ bytes: [UInt8], as name: String) throws(SystemError) {
        if let folder = ReportDirectory.folder(of: name), mkdirat(descriptor, folder, 0o700) != 0, errno != EEXIST {
            throw SystemError("write", path: path + "/" + name)
        }
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw SystemError("write", path: path + "/" + name) }
        do throws(SystemError) {
            try RawFile.writeAll(bytes, to: file, path: path + "/" + name)
            if fsync(file) != 0 && errno != EINVAL { throw SystemError("write", path: path + "/" + name) }
        } catch {
            close(file)
            throw error
        }
        try RawFile.close(file, path: path + "/" + name)
    }

    /// Removes what is left of the staging directory (everything, after a failure; empty folders, after publication).
    func remove() {
        close(descriptor)
        PrivateDirectory.removeTree(path + "/" + name)
    }
}
