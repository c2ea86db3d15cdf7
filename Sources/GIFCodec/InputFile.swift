import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// How a GIF file may be read: a regular file up to a stated size; devices, pipes and FIFOs only when asked, and
/// then only up to the same size and within a deadline, so `/dev/zero` or a FIFO nobody writes cannot exhaust
/// memory or hang the reader.
public struct InputFileRules: Sendable, Hashable {
    /// Most bytes read from one file.
    public var maxBytes: Int
    /// Read character devices, pipes, FIFOs and sockets too.
    public var allowsSpecialFiles: Bool
    /// Seconds a special file may take to deliver its bytes.
    public var deadlineSeconds: Double

    public init(maxBytes: Int = DecodeLimits.default.maxFileBytes, allowsSpecialFiles: Bool = false,
                deadlineSeconds: Double = 300) {
        self.maxBytes = maxBytes
        self.allowsSpecialFiles = allowsSpecialFiles
        self.deadlineSeconds = deadlineSeconds
    }
}

/// An open input file, checked for kind and size before any byte is read.
struct InputFile: ~Copyable {
    let path: String
    let descriptor: Int32
    let kind: FileKind
    let size: Int

    /// Opens `path` without blocking (a FIFO with no writer must not hang the open) and checks it against `rules`.
    init(path: String, rules: InputFileRules) throws(GIFError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: path, reason: SystemReason.describe(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = SystemReason.describe(errno)
            close(descriptor)
            throw .io(path: path, reason: reason)
        }
        let kind = FileKind(mode: status.st_mode)
        if kind == .directory {
            close(descriptor)
            throw .io(path: path, reason: "is a directory, not a GIF file")
        }
        if kind != .regular && !rules.allowsSpecialFiles {
            close(descriptor)
            throw .notRegularFile(path: path, kind: kind.description)
        }
        if kind == .regular && Int(status.st_size) > rules.maxBytes {
            close(descriptor)
            throw .fileTooLarge(path: path, bytes: Int(status.st_size), limit: rules.maxBytes)
        }
        self.path = path
        self.descriptor = descriptor
        self.kind = kind
        self.size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Reads the whole file: at most `rules.maxBytes` bytes, and for a special file within `rules.deadlineSeconds`.
    func readAll(rules: InputFileRules) throws(GIFError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(kind == .regular ? size : 1 << 16)
        let deadline = monotonicSeconds() + rules.deadlineSeconds
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count, rules.maxBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                if bytes.count > rules.maxBytes { throw .fileTooLarge(path: path, bytes: nil, limit: rules.maxBytes) }
                continue
            }
            if count == 0 { return bytes }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                let left = deadline - monotonicSeconds()
                guard left > 0 else { throw .noDataWithin(path: path, seconds: rules.deadlineSeconds) }
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiting, 1, Int32(min(left, 1) * 1000) + 1)
            default:
                throw .io(path: path, reason: "read error: \(SystemReason.describe(errno))")
            }
        }
    }
}
