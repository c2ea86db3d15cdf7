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

    /// Copies `bytes` into one heap allocation.
    public init(_ bytes: some Collection<UInt8>) {
        count = bytes.count
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

    deinit { base?.deallocate() }

    /// Read-only view of the bytes, valid while `self` is alive.
    public var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of the bytes as an array.
    public var array: [UInt8] { Array(buffer) }
}
