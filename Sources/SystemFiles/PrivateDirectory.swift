#if canImport(Glibc)
import Glibc
#endif

/// A directory only this user can enter (mode 0700, made by `mkdtemp`, never reused), removed with everything in
/// it when the value goes away. While it lives, the process holds a lock on a file inside it; the lock dies with the
/// process however it ends (even `kill -9`), which is how ``removeAbandoned(prefix:)`` tells a dead run's directory
/// from a running one's.
public final class PrivateDirectory: Sendable {
    public let path: String
    private let lockDescriptor: Int32

    static let lockName = ".owner.lock"

    /// Makes `$TMPDIR/PREFIX-XXXXXX` (or under `/tmp` when TMPDIR is unset); a TMPDIR that is missing or not writable
    /// is an error, never created.
    public init(prefix: String) throws(SystemError) {
        let base = Self.temporaryBase
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemError("make a private directory in", path: base + " (TMPDIR)") }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let lock = open(path + "/" + Self.lockName, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            let failure = SystemError("lock", path: path)
            Self.removeTree(path)
            throw failure
        }
        lockDescriptor = lock
    }

    deinit {
        Self.removeTree(path)
        close(lockDescriptor)
    }

    /// `$TMPDIR` without a trailing slash, or `/tmp`.
    public static var temporaryBase: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        var base = value
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Removes this user's `PREFIX-*` directories whose owning process has died (their lock can be taken), so runs
    /// killed with `kill -9` do not leave files to pile up. Directories modified in the last `minimumAge` seconds are
    /// left alone: one just made may not hold its lock yet. Returns how many were removed.
    @discardableResult
    public static func removeAbandoned(prefix: String, minimumAge: Int = 60) -> Int {
        let base = temporaryBase
        let names = entries(of: base).filter { $0.hasPrefix(prefix + "-") }
        var removed = 0
        for name in names {
            let candidate = base + "/" + name
            var status = stat()
            guard lstat(candidate, &status) == 0, FileKind(mode: status.st_mode) == .directory, status.st_uid == getuid(),
                  time(nil) - status.st_mtim.tv_sec >= minimumAge else { continue }
            let lock = open(candidate + "/" + lockName, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard lock >= 0 else { continue }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                removeTree(candidate)
                removed += 1
            }
            close(lock)
        }
        return removed
    }

    /// Deletes `path` and everything below it without following symbolic links.
    public static func removeTree(_ path: String) {
        for name in entries(of: path) {
            let child = path + "/" + name
            if FileKind.of(child) == .directory { removeTree(child) } else { unlink(child) }
        }
        rmdir(path)
    }

    /// The names in directory `path` but `.` and `..`; none when it cannot be read.
    static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
