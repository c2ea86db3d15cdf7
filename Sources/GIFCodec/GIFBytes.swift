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

    /// Reads a whole file into memory, within `rules` (a regular file up to a stated size unless told otherwise).
    public convenience init(contentsOfFile path: String, rules: InputFileRules = InputFileRules()) throws(GIFError) {
        let file = try InputFile(path: path, rules: rules)
        self.init(try file.readAll(rules: rules))
    }

    /// Maps a whole regular file read-only with `mmap`: the bytes stay in the page cache and cost no heap.
    public init(mappingFile path: String, rules: InputFileRules = InputFileRules()) throws(GIFError) {
        let file = try InputFile(path: path, rules: rules)
        guard file.kind == .regular else { throw .cannotMap(path: path, kind: file.kind.description) }
        count = file.size
        isMapped = count > 0
        guard count > 0 else {
            base = nil
            return
        }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, file.descriptor, 0), mapped != MAP_FAILED else {
            throw .io(path: path, reason: "mmap failed: \(SystemReason.describe(errno))")
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
