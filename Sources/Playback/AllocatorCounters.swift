import CaseModel
import MemoryProbe

/// jemalloc's counters at one instant, read right after a thread-cache flush: a block parked in a thread cache
/// counts as allocated, so reading either side without a flush would bias the difference.
public struct AllocatorCounters {
    public var allocated: Int
    public var mallocs: UInt64

    public static func read() throws(ProbeError) -> AllocatorCounters {
        AllocatorCounters(allocated: try allocatedNow(), mallocs: try Jemalloc.mallocCount())
    }

    /// `stats.allocated` after this thread's cache is flushed.
    public static func allocatedNow() throws(ProbeError) -> Int {
        try Jemalloc.flushThreadCache()
        return try Jemalloc.allocated()
    }

    /// What was left allocated, and how many allocations were made, since `start`.
    public func record(since start: AllocatorCounters, into result: inout CaseResult) {
        result[.retainedAfterRelease] = Double(allocated - start.allocated)
        result[.mallocCount] = Double(mallocs) - Double(start.mallocs)
    }
}
