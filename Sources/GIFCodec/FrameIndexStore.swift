import Synchronization

/// Each frame's decoded palette indices, kept after its first decode so that it is never LZW-decoded again: one
/// byte per pixel of the frame's own rectangle (only the rows that reach the screen), with how its data ended.
/// A compositor that keeps indices (``Compositor/init(container:limits:codec:keepsIndices:)``) fills and reads it on
/// its owner's thread; ``bytes`` may be read from any thread.
final class FrameIndexStore {
    private struct Entry {
        let indices: UnsafeMutableBufferPointer<UInt8>
        let rows: Int
        let status: FrameStatus
    }

    private var entries: [Entry?]
    private let byteCount = Atomic<Int>(0)
    private let decodeCount = Atomic<Int>(0)

    init(frameCount: Int) {
        entries = Array(repeating: nil, count: frameCount)
    }

    deinit {
        for entry in entries { entry?.indices.deallocate() }
    }

    /// Frame `index`'s stored rows, or nil when it was not decoded yet.
    func rows(of index: Int) -> DecodedRows? {
        entries[index].map { DecodedRows(indices: UnsafePointer($0.indices.baseAddress!), rows: $0.rows, status: $0.status) }
    }

    /// Keeps a copy of `decoded` (`width` bytes a row) as frame `index`'s, and returns the stored rows.
    func keep(_ decoded: DecodedRows, width: Int, as index: Int) -> DecodedRows {
        let count = decoded.rows * width
        let indices = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
        if count > 0 { indices.baseAddress!.update(from: decoded.indices, count: count) }
        entries[index] = Entry(indices: indices, rows: decoded.rows, status: decoded.status)
        byteCount.add(count, ordering: .relaxed)
        return DecodedRows(indices: UnsafePointer(indices.baseAddress!), rows: decoded.rows, status: decoded.status)
    }

    /// Bytes of indices stored so far.
    var bytes: Int { byteCount.load(ordering: .relaxed) }

    /// Counts one LZW decode of a frame (the compositor calls it for every decode, kept or not).
    func countDecode() { decodeCount.add(1, ordering: .relaxed) }

    /// LZW decodes counted so far.
    var decodes: Int { decodeCount.load(ordering: .relaxed) }
}
