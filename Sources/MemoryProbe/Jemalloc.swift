import PosixThreads
/// jemalloc's global statistics at one instant, in bytes.
public struct JemallocStats: Sendable, Hashable, Codable {
    /// Bytes handed out to the application, rounded up to size classes.
    public var allocated: Int
    /// Bytes in active pages (whole pages of `allocated`).
    public var active: Int
    /// Bytes physically resident in pages jemalloc owns, including dirty unused ones.
    public var resident: Int
    /// Bytes in extents mapped by jemalloc.
    public var mapped: Int
    /// Bytes retained (virtual memory kept for reuse, not returned to the kernel).
    public var retained: Int
}

/// Typed access to the jemalloc allocator serving this process (its `mallctl` namespace).
public enum Jemalloc {
    /// jemalloc's version string, e.g. `5.3.0-0-g54eaed1d…`.
    public static func version() throws(ProbeError) -> String { try Mallctl.string("version") }

    /// Refreshes the `stats.*` snapshot; every read of statistics needs this first.
    public static func advanceEpoch() throws(ProbeError) {
        try Mallctl.write("epoch", UInt64(1))
    }

    /// Fresh global statistics (advances the epoch first).
    public static func stats() throws(ProbeError) -> JemallocStats {
        try advanceEpoch()
        return JemallocStats(
            allocated: try Mallctl.read("stats.allocated", as: Int.self),
            active: try Mallctl.read("stats.active", as: Int.self),
            resident: try Mallctl.read("stats.resident", as: Int.self),
            mapped: try Mallctl.read("stats.mapped", as: Int.self),
            retained: try Mallctl.read("stats.retained", as: Int.self))
    }

    /// Bytes allocated right now (advances the epoch first).
    public static func allocated() throws(ProbeError) -> Int {
        try advanceEpoch()
        return try Mallctl.read("stats.allocated", as: Int.self)
    }

    /// Returns dirty pages of every arena to the kernel, so `resident` settles.
    public static func purge() throws(ProbeError) {
        try Mallctl.trigger("arena.\(Mallctl.allArenas).purge")
    }

    /// Empties the calling thread's cache so its frees reach the arenas and request counts are complete.
    public static func flushThreadCache() throws(ProbeError) {
        try Mallctl.trigger("thread.tcache.flush")
    }

    /// The calling thread's peak of allocated minus deallocated bytes since its last reset.
    public static func threadPeak() throws(ProbeError) -> UInt64 {
        try Mallctl.read("thread.peak.read", as: UInt64.self)
    }

    /// Restarts the calling thread's peak counter.
    public static func resetThreadPeak() throws(ProbeError) {
        try Mallctl.trigger("thread.peak.reset")
    }

    /// Allocation requests served by all arenas (small + large), after flushing this thread's cache.
    public static func mallocCount() throws(ProbeError) -> UInt64 {
        try flushThreadCache()
        try advanceEpoch()
        let small = try Mallctl.read("stats.arenas.\(Mallctl.allArenas).small.nrequests", as: UInt64.self)
        let large = try Mallctl.read("stats.arenas.\(Mallctl.allArenas).large.nrequests", as: UInt64.self)
        return small + large
    }

    /// The block ``verifyServingThisProcess()`` allocates.
    public static let verificationBytes = 64 << 20

    /// Checks that jemalloc really serves `malloc` here: a 64 MiB allocation must move the calling thread's
    /// `thread.allocated` counter by that much (race-free proof that jemalloc served it), and the global
    /// `stats.allocated` by at least half of it in one of a few tries (other threads may free memory meanwhile).
    public static func verifyServingThisProcess() throws(ProbeError) {
        guard try Mallctl.read("config.stats", as: Bool.self) else {
            throw .jemallocNotServing("this jemalloc was built without statistics")
        }
        let size = verificationBytes
        var globalMoves: [Int] = []
        for _ in 0..<5 {
            let before = try ThreadAllocationTotals.current()
            let globalBefore = try allocated()
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            block.storeBytes(of: 1, as: UInt8.self)
            let during = try ThreadAllocationTotals.current()
            let globalDuring = try allocated()
            block.deallocate()
            let moved = Int(during.allocated - before.allocated)
            guard moved >= size, moved < size + (1 << 20) else {
                throw .jemallocNotServing("a 64 MiB allocation moved thread.allocated by \(moved) bytes")
            }
            if globalDuring - globalBefore > size / 2 { return }
            globalMoves.append(globalDuring - globalBefore)
        }
        throw .jemallocNotServing("a 64 MiB allocation moved stats.allocated by only "
                                  + "\(globalMoves.map(String.init).joined(separator: ", ")) bytes")
    }

    /// The bytes jemalloc actually reserves for a request of `size` bytes (its size class, `nallocx`).
    /// Without jemalloc in the process, the size itself.
    public static func sizeClass(for size: Int) -> Int { JemallocSymbols.sizeClass?(size, 0) ?? size }
}

/// Bytes the calling thread has allocated and freed since it started (`thread.allocated`, `thread.deallocated`).
///
/// Other threads cannot disturb these counters, so a test running beside others can still measure exactly
/// what a piece of code on its own thread keeps.
public struct ThreadAllocationTotals: Sendable, Hashable {
    public var allocated: UInt64
    public var deallocated: UInt64

    /// Reads the calling thread's totals.
    public static func current() throws(ProbeError) -> ThreadAllocationTotals {
        ThreadAllocationTotals(allocated: try Mallctl.read("thread.allocated", as: UInt64.self),
                               deallocated: try Mallctl.read("thread.deallocated", as: UInt64.self))
    }

    /// Installs these counters as the ``ThreadAllocationMeter`` every thread reads, names resolved to MIBs once (a
    /// reading is two `mallctlbymib` calls).
    public static func installAsMeter() throws(ProbeError) {
        ThreadAllocationMeter.install(JemallocThreadCounters(allocated: try MallctlMIB("thread.allocated"),
                                                            freed: try MallctlMIB("thread.deallocated")))
    }

    /// Bytes still held of what was allocated since `earlier` (may be negative when older blocks were freed).
    public func netBytes(since earlier: ThreadAllocationTotals) -> Int {
        Int(truncatingIfNeeded: allocated &- earlier.allocated) - Int(truncatingIfNeeded: deallocated &- earlier.deallocated)
    }
}

/// jemalloc's per-thread byte counters as the ``ThreadAllocationMeter`` reads them: two `mallctlbymib` calls.
struct JemallocThreadCounters: ThreadAllocationCounting {
    let allocated: MallctlMIB
    let freed: MallctlMIB

    func now() -> (allocated: UInt64, freed: UInt64)? {
        guard let bytes = try? allocated.read(as: UInt64.self), let gone = try? freed.read(as: UInt64.self) else { return nil }
        return (bytes, gone)
    }
}

/// Reads allocated, active and resident as cheaply as jemalloc allows: names resolved to MIBs once, one epoch
/// refresh per reading. This is what the sampler calls thousands of times per run.
public struct JemallocGauge: Sendable {
    private let epoch: MallctlMIB
    private let allocated: MallctlMIB
    private let active: MallctlMIB
    private let resident: MallctlMIB

    public init() throws(ProbeError) {
        epoch = try MallctlMIB("epoch")
        allocated = try MallctlMIB("stats.allocated")
        active = try MallctlMIB("stats.active")
        resident = try MallctlMIB("stats.resident")
    }

    /// Refreshes the epoch and reads the three gauges.
    public func read() throws(ProbeError) -> (allocated: Int, active: Int, resident: Int) {
        try epoch.write(UInt64(1))
        return (try allocated.read(as: Int.self), try active.read(as: Int.self), try resident.read(as: Int.self))
    }
}
