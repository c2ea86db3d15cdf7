#if canImport(Glibc)
import Glibc
#endif

/// The compressed bytes of one GIF, held once and shared read-only by every reader.
///
/// A decoder keeps this and the ``GIFContainer`` index instead of decoded frames,
/// so its cost is the file size, not the frame count.
public final class GIFBytes: Sendable {
    nonisolated(unsafe) private let base: UnsafeMutableRawPointer?
    /// Number of bytes.
    public let count: Int
    /// The bytes are a read-only file mapping (page cache), not a heap allocation.
    public let isMapped: Bool

    /// Copies `bytes` into one heap allocation.
    public init(_ bytes: some Collection<UInt8>) {
        count = bytes.count
        isMapped = false
        if count == 0 {
            base = nil
        } else {
            let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
            _ = UnsafeMutableRawBufferPointer(start: storage, count: count).initializeMemory(as: UInt8.self, from: bytes)
            base = storage
        }
    }

    /// Reads a whole file into memory.
    public convenience init(contentsOfFile path: String) throws(GIFError) {
        guard let file = fopen(path, "rb") else {
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if read > 0 { bytes.append(contentsOf: chunk[0..<read]) }
            if read < chunk.count {
                if ferror(file) != 0 { throw .io(path: path, reason: "read error") }
                break
            }
        }
        self.init(bytes)
    }

    /// Maps a whole file read-only with `mmap`: the bytes stay in the page cache and cost no heap.
    public init(mappingFile path: String) throws(GIFError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        count = Int(status.st_size)
        isMapped = count > 0
        guard count > 0 else {
            base = nil
            return
        }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .io(path: path, reason: "mmap failed: \(String(cString: strerror(errno)))")
        }
        base = mapped
    }

    deinit {
        if isMapped { munmap(base, count) } else { base?.deallocate() }
    }

    /// Read-only view of the bytes, valid while `self` is alive.
    public var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of the bytes as an array.
    public var array: [UInt8] { Array(buffer) }
}
