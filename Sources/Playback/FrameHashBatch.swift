import GIFCodec
#if canImport(Glibc)
import Glibc
#endif

/// A loop of frames hashed four at a time (``FrameHash/four(_:_:_:_:)``), each frame's hash the same as
/// `FrameHash(of:)` gives it. A source lends one frame at a time, so each is copied aside until four are there. The
/// copies live in pages mapped for the batch, outside jemalloc: hashing runs after the measured interval and must move
/// none of the case's allocator figures (allocated bytes, malloc count, retained bytes).
struct FrameHashBatch: ~Copyable {
    private let pages: UnsafeMutableRawPointer?
    private let slotBytes: Int
    private var lengths = InlineArray<4, Int>(repeating: 0)
    private var filled = 0
    /// Each frame's hash, little-endian, in frame order.
    private var hashes: [UInt64] = []

    /// A batch for frames of at most `frameBytes` bytes (a larger one is hashed where it lies).
    init(frameBytes: Int, frames: Int) {
        slotBytes = max(frameBytes, 1)
        let mapped = mmap(nil, 4 * slotBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        pages = mapped == MAP_FAILED ? nil : mapped
        hashes.reserveCapacity(frames)
    }

    deinit {
        if let pages { munmap(pages, 4 * slotBytes) }
    }

    private func slot(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: pages.map { $0 + index * slotBytes }, count: lengths[index])
    }

    /// Takes the next frame's pixels (copied; they need not outlive the call).
    mutating func add(_ pixels: UnsafeRawBufferPointer) {
        guard let pages, pixels.count <= slotBytes else {
            flush()
            hashes.append(FrameHash(of: pixels).value.littleEndian)
            return
        }
        if let base = pixels.baseAddress { (pages + filled * slotBytes).copyMemory(from: base, byteCount: pixels.count) }
        lengths[filled] = pixels.count
        filled += 1
        if filled == 4 { flush() }
    }

    private mutating func flush() {
        if filled == 4 {
            let (a, b, c, d) = FrameHash.four(slot(0), slot(1), slot(2), slot(3))
            hashes.append(a.value.littleEndian)
            hashes.append(b.value.littleEndian)
            hashes.append(c.value.littleEndian)
            hashes.append(d.value.littleEndian)
        } else {
            for index in 0..<filled { hashes.append(FrameHash(of: slot(index)).value.littleEndian) }
        }
        filled = 0
    }

    /// The loop's hash: FNV-1a 64 over the frames' hashes (8 bytes each, little-endian).
    consuming func finish() -> FrameHash {
        flush()
        return hashes.withUnsafeBytes { FrameHash(of: $0) }
    }
}
