/// Where a replayed decoder is built, and so who pays for what it decodes before the first frame.
public enum ReplayLoading {
    /// On the calling thread, as a case builds its decoder: the up-front decodes move the clock.
    case onCaller
    /// Off the display link in a feed's `pool`, starting at `time`, as a feed's loading queue builds it: the
    /// up-front decodes take one of the pool's slots and the clock does not move; the decoder's own queue shares
    /// the pool and starts once it is built (``ReplayedDecoder/builtAt``).
    case inPool(VirtualDecodePool, at: Double)

    /// Charges `cost` seconds of up-front decoding: the time the decoder is built.
    func build(costing cost: Double, clock: VirtualClock) -> Double {
        switch self {
        case .onCaller:
            clock.spend(cost)
            return clock.seconds
        case .inPool(let pool, let time):
            let granted = pool.grant(from: time, cost: cost)
            pool.ended(granted.id)
            return granted.start + cost
        }
    }

    /// The pool a decoder's queue shares, if any.
    var pool: VirtualDecodePool? {
        if case .inPool(let pool, _) = self { pool } else { nil }
    }
}
