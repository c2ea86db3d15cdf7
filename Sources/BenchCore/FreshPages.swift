#if canImport(Glibc)
import Glibc
#endif

/// A buffer of pages no one has touched: an anonymous mapping of its own, so the first write to each page is the
/// kernel's first touch (a minor fault and a page zeroed), as a player's buffer allocated for each frame is. The
/// pacing probe times copies into these beside its copies into buffers used before.
final class FreshPages {
    let bytes: UnsafeMutableRawBufferPointer

    /// A mapping of `byteCount` bytes (at least one page); nil when the kernel refuses it.
    init?(byteCount: Int) {
        let count = max(byteCount, 1)
        guard let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        bytes = UnsafeMutableRawBufferPointer(start: mapped, count: count)
    }

    deinit { munmap(bytes.baseAddress, bytes.count) }
}
