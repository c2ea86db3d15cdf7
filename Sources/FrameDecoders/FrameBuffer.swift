#if canImport(Glibc)
import Glibc
#endif
import GIFCodec

/// One RGBA frame's worth of memory, allocated once and freed with its owner.
final class FrameBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    /// A zeroed buffer of `byteCount` bytes.
    init(byteCount: Int) {
        bytes = Self.allocate(byteCount)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// A buffer of `byteCount` bytes that its first writer fills whole; with `prefaulted`, its pages are faulted in
    /// at once (``prefault(_:)``).
    init(uninitializedByteCount byteCount: Int, prefaulted: Bool = false) {
        bytes = Self.allocate(byteCount)
        if prefaulted { Self.prefault(bytes) }
    }

    /// A buffer holding a copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        bytes = Self.allocate(source.count)
        Self.prefault(bytes)
        bytes.copyMemory(from: source)
    }

    /// `MADV_POPULATE_WRITE` (Linux 5.14): fault in a range's pages for writing in one call.
    static let populateWrite: Int32 = 23

    /// Faults in the whole pages of a buffer about to be written whole, in one system call rather than one page fault
    /// per 4 KiB page as the copy reaches it. The allocator charges the same bytes; only the kernel's work is batched.
    /// A kernel without the advice refuses it, and the copy faults the pages in as before.
    static func prefault(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= 1 << 18, let base = buffer.baseAddress else { return }
        let page = 4096
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, populateWrite)
    }

    /// `byteCount` bytes (at least 1) from `malloc`, 16-byte aligned: a frame of up to 32 KiB then comes from
    /// jemalloc's thread cache, where Swift's aligned `allocate` goes to its arena (``Malloc``).
    private static func allocate(_ byteCount: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: Malloc.allocate(UInt8.self, capacity: byteCount), count: max(byteCount, 1))
    }

    deinit { Malloc.free(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)) }

    /// Overwrites the buffer with `source` (as much of it as fits).
    func copy(from source: UnsafeRawBufferPointer) {
        let count = min(source.count, bytes.count)
        guard count > 0 else { return }
        bytes.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: count)
    }

    var readOnly: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }
}
