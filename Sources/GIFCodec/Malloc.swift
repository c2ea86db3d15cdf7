#if canImport(Glibc)
import Glibc
#endif

/// Memory from the C allocator's `malloc` and `free`, for the decoders' buffers allocated on every decode.
///
/// On Linux, Swift's `allocate` asks for its alignment with `posix_memalign`, and jemalloc serves an aligned request
/// over 14 KiB from its arena, past the thread cache that serves `malloc` up to 32 KiB: about ten times what an
/// allocation from the cache costs (`Benchmarks/Scripts/allocation_paths.sh`). A decoder's 32 KiB LZW table and a small
/// GIF's canvas and frames are of that size. `malloc` aligns to 16 bytes, all these buffers need.
package enum Malloc {
    /// Uninitialized memory for `capacity` values of a trivial type; traps when the allocator has none.
    package static func allocate<Value: BitwiseCopyable>(_: Value.Type, capacity: Int) -> UnsafeMutablePointer<Value> {
        let bytes = max(1, capacity) * MemoryLayout<Value>.stride
        guard let raw = malloc(bytes) else { fatalError("out of memory: malloc(\(bytes)) failed") }
        return raw.bindMemory(to: Value.self, capacity: max(1, capacity))
    }

    /// Frees memory from ``allocate(_:capacity:)``.
    package static func free<Value>(_ pointer: UnsafeMutablePointer<Value>) {
        Glibc.free(pointer)
    }
}
