#if canImport(Glibc)
import Glibc
#endif

/// Writes a file a user named, keeping what the path is: `-`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` mean
/// that open descriptor; a symbolic link is written through to its target; a device or FIFO is written into, never
/// replaced; a regular file (or a new one) is replaced atomically. Every write error, such as a full disk or
/// `/dev/full`, is thrown.
public enum OutputFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        if let descriptor = openDescriptor(named: path) {
            try RawFile.writeAll(bytes, to: descriptor, path: path)
            return
        }
        let target = try resolvingLinks(path)
        switch FileKind.of(target) {
        case nil, .regular?:
            try AtomicFile.write(bytes, to: target)
        case .directory?:
            throw SystemError("write", path: path, code: EISDIR)
        case .characterDevice?, .blockDevice?, .fifo?, .socket?, .other?, .symbolicLink?:
            // O_NONBLOCK: a FIFO nobody reads fails with ENXIO instead of hanging.
            let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw SystemError("write", path: path) }
            try RawFile.writeAllAndClose(bytes, to: descriptor, path: path)
        }
    }

    /// Appends `bytes` to `path` (created if missing, mode 0644), through a symbolic link: how a CI's step summary
    /// file (`GITHUB_STEP_SUMMARY`) is written, where earlier steps' text must stay.
    public static func append(_ bytes: [UInt8], to path: String) throws(SystemError) {
        if let descriptor = openDescriptor(named: path) {
            try RawFile.writeAll(bytes, to: descriptor, path: path)
            return
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
        guard descriptor >= 0 else { throw SystemError("append to", path: path) }
        try RawFile.writeAllAndClose(bytes, to: descriptor, path: path)
    }

    /// The descriptor a path names directly, if it is one of the standard streams' names or `/dev/fd/N`.
    static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)), fcntl(number, F_GETFD) >= 0 { return number }
            }
            return nil
        }
    }

    /// Follows symbolic links (at most 40, as the kernel does) to the path they end at, which need not exist yet.
    public static func resolvingLinks(_ path: String) throws(SystemError) -> String {
        var current = path
        for _ in 0..<40 {
            guard FileKind.of(current) == .symbolicLink else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw SystemError("follow the link", path: current) }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : RawFile.split(current).directory + "/" + destination
        }
        throw SystemError("follow the link", path: path, code: ELOOP)
    }
}
