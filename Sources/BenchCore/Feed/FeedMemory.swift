import MemoryProbe

/// The feed's allocated bytes at every display tick and event, read cheaply from the per-thread ledger and anchored
/// to jemalloc's `stats.allocated` at the start: its peak, a bounded timeline, and how far the ledger strayed from
/// `stats.allocated` wherever both were read.
struct FeedMemory {
    private let ledger: AllocationLedger
    private let statsAtStart: Int
    private let ledgerAtStart: Int
    private(set) var peak: Int
    private(set) var timeline = MemoryTimeline(capacity: 2048)
    private(set) var readings = 0
    /// The largest |ledger − `stats.allocated`| seen.
    private(set) var drift = 0

    init(ledger: AllocationLedger, statsAllocated: Int) {
        self.ledger = ledger
        statsAtStart = statsAllocated
        ledgerAtStart = ledger.net
        peak = statsAllocated
    }

    /// Allocated bytes now, by the ledger.
    var now: Int { statsAtStart + ledger.net - ledgerAtStart }

    /// Records a reading `seconds` into the feed.
    mutating func sample(at seconds: Double) {
        let allocated = now
        readings += 1
        peak = max(peak, allocated)
        timeline.offer(MemorySample(time: seconds, allocated: allocated, active: 0, resident: 0))
    }

    /// Compares the ledger with a `stats.allocated` reading taken just now. They differ by the blocks threads freed
    /// into their caches, which `stats.allocated` still counts until a cache is flushed (at the latest when its
    /// thread ends); the peak keeps to the ledger's readings.
    mutating func check(statsAllocated: Int) {
        drift = max(drift, abs(now - statsAllocated))
    }
}

/// A feed whose players together allocated more than ``FeedCase/maxMemoryBytes``: it is stopped at once, so a feed of
/// many eager players fails in one line instead of taking the machine's memory.
public struct FeedOverMemory: Error, CustomStringConvertible, Sendable {
    public let allocated: Int
    public let limit: Int
    public let seconds: Double

    public var description: String {
        "the feed's players together held \(allocated) bytes \((seconds * 100).rounded() / 100) s in, over the "
        + "feed's limit of "
            + "\(limit) bytes (raise it with --max-memory)"
    }
}

extension FeedMemory {
    /// Throws when the bytes allocated since the feed started pass the feed's limit; checked after every player's
    /// set-up and every tick, so the feed overshoots by at most one player's set-up (each within the eager limit) or
    /// one tick's work.
    func check(limit: Int, at seconds: Double) throws(FeedOverMemory) {
        let allocated = now - statsAtStart
        if allocated > limit { throw FeedOverMemory(allocated: allocated, limit: limit, seconds: seconds) }
    }
}
