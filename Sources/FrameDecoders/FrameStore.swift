import CPosix

/// Where the eager decoder keeps every frame: jemalloc allocations, as before, but laid out so that the kernel can back
/// them with 2 MiB pages (transparent huge pages, asked for with `madvise(MADV_HUGEPAGE)`). A 720×720 GIF of 150
/// frames otherwise meets its 311 MB one 4 KiB page fault at a time, about 76,000 faults a decode; with huge pages, 150.
///
/// Every frame is still decoded up front and kept, and every byte is still jemalloc's, so the memory figure stays what
/// it measures. The layout never asks for more bytes than one allocation per frame would (``FrameStoreLayout``).
final class FrameStore: @unchecked Sendable {
    let frameBytes: Int
    /// Bytes from one frame to the next inside a chunk of several.
    private let stride: Int
    private let chunks: [(base: UnsafeMutableRawPointer, frames: Int)]

    init(frameCount: Int, frameBytes: Int) {
        self.frameBytes = frameBytes
        let layout = FrameStoreLayout.plan(frameCount: frameCount, frameBytes: frameBytes)
        stride = layout.stride
        chunks = layout.chunks.map { chunk in
            let base = UnsafeMutableRawPointer.allocate(byteCount: max(chunk.bytes, 1),
                                                        alignment: chunk.hugePages ? FrameStoreLayout.hugePage : 16)
            if chunk.hugePages {
                // Whole huge pages of the allocation only: jemalloc may give more than asked (its size class).
                // Whole huge pages of the allocation (jemalloc may give more than asked: its size class), less the last
                // one when it would hold more than 2% of bytes no frame uses. A kernel without transparent huge pages
                // refuses, and the frames are kept on small pages, as before.
                var whole = cposix_usable_size(base) / FrameStoreLayout.hugePage * FrameStoreLayout.hugePage
                if Double(whole - chunk.bytes) > 0.02 * Double(chunk.bytes) { whole -= FrameStoreLayout.hugePage }
                if whole > 0 { _ = cposix_advise_huge_pages(base, whole) }
            }
            return (base, chunk.frames)
        }
    }

    deinit {
        for chunk in chunks { chunk.base.deallocate() }
    }

    /// Frame `index`'s bytes.
    func frame(_ index: Int) -> UnsafeMutableRawBufferPointer {
        var remaining = index
        for chunk in chunks {
            if remaining < chunk.frames {
                return UnsafeMutableRawBufferPointer(start: chunk.base + remaining * stride, count: frameBytes)
            }
            remaining -= chunk.frames
        }
        preconditionFailure("frame \(index) is past the store")
    }
}

/// How a ``FrameStore`` allocates: how many frames each allocation holds, its bytes, and whether it asks for huge pages.
public struct FrameStoreLayout: Equatable, Sendable {
    public static let hugePage = 2 << 20
    /// Allocations up to this size that are multiples of 2 MiB are exact jemalloc size classes (classes step by 2 MiB
    /// or less up to it), so packing frames into them costs no rounding.
    static let largestExactChunk = 16 << 20
    /// The smallest frame store that asks for huge pages: 64 MiB.
    public static let hugePageStore = 64 << 20

    public struct Chunk: Equatable, Sendable {
        public var frames: Int
        public var bytes: Int
        /// Aligned to 2 MiB and advised for transparent huge pages.
        public var hugePages: Bool

        public init(frames: Int, bytes: Int, hugePages: Bool) {
            self.frames = frames
            self.bytes = bytes
            self.hugePages = hugePages
        }
    }

    public var chunks: [Chunk]
    /// Bytes from one frame to the next inside a chunk: a frame's size class, so that a chunk costs what its frames
    /// would one by one.
    public var stride = 0

    init(chunks: [Chunk], stride: Int = 0) {
        self.chunks = chunks
        self.stride = stride
    }

    /// The bytes jemalloc charges for the whole layout (each allocation's size class).
    public var chargedBytes: Int { chunks.reduce(0) { $0 + FrameStoreLayout.sizeClass($1.bytes) } }

    /// jemalloc charges the same bytes for every plan as for one allocation per frame (each frame its size class).
    /// Huge pages only pay for a large store: for a store of tens of megabytes jemalloc hands a decode the pages the last
    /// one freed, already faulted in, and fresh huge pages made decoding slower (`bench speed --pass-times` on
    /// sticker-240x240x60 and short-320x240x100); from about 140 MB on, every decode met fresh pages and huge pages made
    /// it faster (feed-480x480x150 and up). So, for a store of at least ``hugePageStore``:
    /// - a frame whose size class is 2 MiB or more gets an allocation of its own, as before, aligned to 2 MiB so that
    ///   its whole 2 MiB pages can be huge pages;
    /// - smaller frames share allocations of whole 2 MiB pages (at most 16 MiB, exact size classes), one frame every
    ///   size class; the frames left over get one allocation each.
    /// A smaller store: one allocation per frame, as before.
    /// A huge page is resident whole, so bytes no frame uses (a size class's rounding) would count in the process's
    /// RSS, where on small pages they were never touched: no huge page holds more than 2% of such bytes, so peak RSS
    /// stays what it was within that (the gate allows 5%). Frames whose size class rounds more keep small pages.
    public static func plan(frameCount: Int, frameBytes: Int) -> FrameStoreLayout {
        let bytes = max(frameBytes, 1), stride = sizeClass(max(frameBytes, 1))
        let perFrame = FrameStoreLayout(chunks: Array(repeating: Chunk(frames: 1, bytes: bytes, hugePages: false), count: frameCount))
        guard frameCount * bytes >= hugePageStore else { return perFrame }
        if stride >= hugePage {
            return FrameStoreLayout(chunks: Array(repeating: Chunk(frames: 1, bytes: bytes, hugePages: true), count: frameCount))
        }
        guard Double(stride - bytes) <= 0.02 * Double(stride), let packed = (1...min(frameCount, largestExactChunk / stride)).filter({ $0 * stride % hugePage == 0 }).max()
        else { return perFrame }
        return FrameStoreLayout(
            chunks: Array(repeating: Chunk(frames: packed, bytes: packed * stride, hugePages: true), count: frameCount / packed)
                + Array(repeating: Chunk(frames: 1, bytes: bytes, hugePages: false), count: frameCount % packed),
            stride: stride)
    }

    /// jemalloc's size class for `bytes` (four classes per doubling, a 16-byte quantum): what an allocation costs.
    public static func sizeClass(_ bytes: Int) -> Int {
        guard bytes > 8 else { return 8 }
        let power = Int.bitWidth - (bytes - 1).leadingZeroBitCount - 1
        return roundUp(bytes, max(16, 1 << max(power - 2, 0)))
    }

    static func roundUp(_ value: Int, _ step: Int) -> Int { (value + step - 1) / step * step }
}
