import Synchronization

/// What reads the calling thread's allocator counters: the allocator's observer provides one.
public protocol ThreadAllocationCounting: Sendable {
    /// The calling thread's bytes allocated and freed since it started; nil when they cannot be read.
    func now() -> (allocated: UInt64, freed: UInt64)?
}

/// The bytes the calling thread has allocated and freed so far, as the allocator counts them: a seam between code
/// that cannot link the allocator's statistics (a decoder recording what each decode allocated) and the observer
/// that can (MemoryProbe installs jemalloc's `thread.allocated` and `thread.deallocated`). Nothing until installed.
/// A reading allocates nothing (a closure kept in a generic container would allocate a thunk at every call).
public enum ThreadAllocationMeter {
    private static let installed = Mutex<(any ThreadAllocationCounting)?>(nil)

    /// Makes ``now()`` read with `counting` from now on; nil removes it.
    public static func install(_ counting: (any ThreadAllocationCounting)?) { installed.withLock { $0 = counting } }

    /// The calling thread's bytes allocated and freed since it started; nil when no meter is installed.
    public static func now() -> (allocated: UInt64, freed: UInt64)? {
        installed.withLock { $0 }?.now()
    }
}
