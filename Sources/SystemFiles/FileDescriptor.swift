#if canImport(Glibc)
import Glibc
#endif

/// The raw calls the file types share: writing a whole buffer, closing with a checked result, making random names.
enum RawFile {
    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR; waits on a full non-blocking pipe.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, 1000)
                continue
            }
            throw SystemError("write", path: path, code: written == 0 ? EIO : errno)
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemError) {
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(buffer, to: descriptor, path: path) } }
        try outcome.get()
    }

    /// Writes all of `bytes` to a descriptor this call owns, then closes it, with the close's result checked; a failed
    /// write closes it too.
    static func writeAllAndClose(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemError) {
        do throws(SystemError) { try writeAll(bytes, to: descriptor, path: path) } catch {
            Glibc.close(descriptor)
            throw error
        }
        try close(descriptor, path: path)
    }

    /// Closes `descriptor`; a failed close after writing means lost data (NFS, a full disk), so it is an error.
    static func close(_ descriptor: Int32, path: String) throws(SystemError) {
        if Glibc.close(descriptor) != 0 && errno != EINTR { throw SystemError("write", path: path) }
    }

    /// Twelve random letters and digits for a temporary name.
    static func randomSuffix() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<12).map { _ in alphabet.randomElement()! })
    }

    /// `path` split into its directory ("." when none) and last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}

/// Everything `descriptor` holds from where it stands, read in 1 MiB chunks with EINTR retried; more than `limit`
/// bytes is an error with code EFBIG, so a file's size is capped while it streams in, not after.
public func readAll(from descriptor: Int32, path: String, limit: Int) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { throw SystemError("read", path: path) }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
        if bytes.count > limit { throw SystemError("read", path: path, code: EFBIG) }
    }
}
