/// A feed's shared decode pool on a ``VirtualClock``: at most `width` decodes run at once across every player's
/// queue, as ``DecodePool`` allows on real threads. A queue asks for a slot when it has a frame to decode and gets
/// the earliest time at or after that when a slot is free for the whole decode, first asked first served.
///
/// Queues are brought up to the clock one after another, so a request may name a time before one already granted;
/// it is fitted between the grants it does not overlap, which a real pool would have done had it been asked in
/// time order. Used on one thread.
public final class VirtualDecodePool {
    public let width: Int
    private let clock: VirtualClock
    /// Granted decodes not yet known to have ended, by the id given with them, and the ended ones that may still
    /// overlap a request.
    ///
    /// A handful at any time (about the pool's width), so a list scanned in place: no hashing, no copies per request.
    private var granted: [(id: Int, start: Double, end: Double)] = []
    private var outstanding: [Int] = []
    private var nextID = 0
    /// Decodes granted, and the most that overlapped.
    public private(set) var tasks = 0
    public private(set) var maxRunning = 0

    public init(width: Int, clock: VirtualClock) {
        precondition(width >= 1, "a pool is at least 1 wide")
        self.width = width
        self.clock = clock
    }

    /// Grants a decode of `cost` seconds the earliest start at or after `time` at which fewer than `width` granted
    /// decodes run throughout it. Returns the start and an id to hand back to ``ended(_:)``.
    public func grant(from time: Double, cost: Double) -> (start: Double, id: Int) {
        prune()
        let cost = max(0, cost)
        var candidates = [time]
        for grant in granted where grant.end > time { candidates.append(grant.end) }
        candidates.sort()
        let start = candidates.first { running(during: $0, $0 + cost) < width } ?? candidates.last ?? time
        let id = nextID
        nextID += 1
        granted.append((id, start, start + cost))
        outstanding.append(id)
        tasks += 1
        maxRunning = max(maxRunning, running(during: start, start + max(cost, 1e-12)))
        return (start, id)
    }

    /// The decode granted as `id` has ended and its queue knows it.
    public func ended(_ id: Int) {
        if let index = outstanding.firstIndex(of: id) { outstanding.remove(at: index) }
    }

    /// The most granted decodes running at once at any moment in [from, to).
    private func running(during from: Double, _ to: Double) -> Int {
        // The count can only rise at a decode's start (or at `from`).
        func count(at moment: Double) -> Int {
            var running = 0
            for grant in granted where grant.start <= moment && grant.end > moment && grant.end > grant.start
                && grant.start < to && grant.end > from { running += 1 }
            return running
        }
        var most = count(at: from)
        for grant in granted where grant.start > from && grant.start < to && grant.end > grant.start {
            most = max(most, count(at: grant.start))
        }
        return most
    }

    /// Forgets grants no later request can overlap: a request comes at the clock or at the end of a decode still
    /// outstanding, never before the earliest of those.
    private func prune() {
        var horizon = clock.seconds
        for grant in granted where outstanding.contains(grant.id) { horizon = min(horizon, grant.end) }
        granted.removeAll { !outstanding.contains($0.id) && $0.end <= horizon }
    }
}
