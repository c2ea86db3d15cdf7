/// One RGBA frame's worth of memory, allocated once and freed with its owner.
final class FrameBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    /// A zeroed buffer of `byteCount` bytes.
    init(byteCount: Int) {
        bytes = .allocate(byteCount: max(byteCount, 1), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// A buffer of `byteCount` bytes that its first writer fills whole.
    init(uninitializedByteCount byteCount: Int) {
        bytes = .allocate(byteCount: max(byteCount, 1), alignment: 16)
    }

    /// A buffer holding a copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        bytes.copyMemory(from: source)
    }

    deinit { bytes.deallocate() }

    /// Overwrites the buffer with `source` (as much of it as fits).
    func copy(from source: UnsafeRawBufferPointer) {
        let count = min(source.count, bytes.count)
        guard count > 0 else { return }
        bytes.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: count)
    }

    var readOnly: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }
}
