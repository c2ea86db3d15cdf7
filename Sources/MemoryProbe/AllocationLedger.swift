import PosixThreads
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The bytes a set of threads allocated and did not free since each joined, from jemalloc's own per-thread counters
/// (`thread.allocatedp`, `thread.deallocatedp`: pointers to the counters jemalloc bumps on every malloc and free),
/// summed over the threads that joined. A reading costs a few loads per thread, where `stats.allocated` costs an
/// epoch refresh that merges every arena's statistics: tens to hundreds of microseconds with many threads.
///
/// A thread joins on itself and leaves before it ends (``ThreadLifecycle`` hooks do both for every
/// ``BackgroundThread``); what it left allocated stays in the sum. Blocks a thread frees into its cache still count
/// in `stats.allocated` and not here, so the two differ by up to the threads' caches.
public final class AllocationLedger: Sendable {
    private struct Counters: @unchecked Sendable {
        let allocated: UnsafePointer<UInt64>
        let deallocated: UnsafePointer<UInt64>
        let allocatedAtJoin: UInt64
        let deallocatedAtJoin: UInt64

        var net: Int {
            Int(truncatingIfNeeded: allocated.pointee &- allocatedAtJoin) - Int(truncatingIfNeeded: deallocated.pointee &- deallocatedAtJoin)
        }
    }

    private struct State {
        var live: [UInt: Counters] = [:]
        var retired = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Counts the calling thread from now on.
    public func join() throws(ProbeError) {
        let allocated: UnsafeMutablePointer<UInt64>? = try Mallctl.read("thread.allocatedp")
        let deallocated: UnsafeMutablePointer<UInt64>? = try Mallctl.read("thread.deallocatedp")
        guard let allocated, let deallocated else { throw .mallctl(name: "thread.allocatedp", errno: ENOENT) }
        let counters = Counters(allocated: UnsafePointer(allocated), deallocated: UnsafePointer(deallocated),
                                allocatedAtJoin: allocated.pointee, deallocatedAtJoin: deallocated.pointee)
        let key = UInt(pthread_self())
        state.withLock { $0.live[key] = counters }
    }

    /// Stops reading the calling thread's counters (they go when it ends), keeping what it left allocated.
    public func leave() {
        let key = UInt(pthread_self())
        state.withLock { state in
            guard let counters = state.live.removeValue(forKey: key) else { return }
            state.retired += counters.net
        }
    }

    /// Bytes allocated and not freed by the joined threads since they joined.
    public var net: Int { state.withLock { state in state.live.values.reduce(state.retired) { $0 + $1.net } } }

    /// Makes every ``BackgroundThread`` started from now on join this ledger, and leave it as it ends.
    public func followBackgroundThreads() {
        ThreadLifecycle.install(ThreadLifecycle.Hooks(start: { [self] in try? join() }, end: { [self] in leave() }))
    }
}
