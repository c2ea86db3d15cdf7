/// One RGBA frame's worth of memory, allocated once and freed with its owner.
final class FrameBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer

    /// A zeroed buffer of `byteCount` bytes.
    init(byteCount: Int) {
        bytes = .allocate(byteCount: max(byteCount, 1), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// A buffer holding a copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        bytes.copyMemory(from: source)
    }

    deinit { bytes.deallocate() }

    func copy(from source: UnsafeRawBufferPointer) {
        UnsafeMutableRawBufferPointer(rebasing: bytes[..<min(source.count, bytes.count)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<min(source.count, bytes.count)]))
    }

    var readOnly: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }
}
