#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says a path is, in words for error lines.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, other

    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind of `path` itself (`lstat`, a symbolic link is not followed), or `nil` when it does not exist.
    public static func of(_ path: String, followingLinks: Bool = false) -> FileKind? {
        var status = stat()
        let result = followingLinks ? stat(path, &status) : lstat(path, &status)
        return result == 0 ? FileKind(mode: status.st_mode) : nil
    }

    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a pipe or FIFO"
        case .socket: "a socket"
        case .other: "an unknown kind of file"
        }
    }
}

/// Seconds on the monotonic clock, for deadlines.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Creates `path` and any missing parents (mode 0755 less the umask), like `mkdir -p`; an existing directory is fine.
public func makeDirectories(_ path: String) throws(SystemError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw SystemError("create the directory", path: prefix) }
        if FileKind.of(prefix, followingLinks: true) != .directory {
            throw SystemError("create the directory", path: path, code: ENOTDIR)
        }
    }
}
