/// When a feed's players enter and leave: `players` enter at 0; with a scroll rate, every 1/rate seconds the player
/// on screen longest leaves and a new one enters (a cell scrolled away and one reused for the next item); at the end,
/// every player still on screen leaves.
public struct FeedSchedule: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case enter
        case leave
        case memoryWarning = "warning"
    }

    public struct Event: Sendable, Hashable {
        public var seconds: Double
        public var kind: Kind
        public var player: Int
    }

    public let players: Int
    public let scrollRate: Double
    public let seconds: Double

    public init(players: Int, scrollRate: Double, seconds: Double) {
        self.players = players
        self.scrollRate = scrollRate
        self.seconds = seconds
    }

    /// Every enter and leave in order of time; at one instant a player leaves before the next enters.
    public var events: [Event] {
        var events = (0..<players).map { Event(seconds: 0, kind: .enter, player: $0) }
        var oldest = 0, next = players
        if scrollRate > 0 {
            var step = 1
            while Double(step) / scrollRate < seconds {
                let at = Double(step) / scrollRate
                events.append(Event(seconds: at, kind: .leave, player: oldest))
                events.append(Event(seconds: at, kind: .enter, player: next))
                oldest += 1
                next += 1
                step += 1
            }
        }
        events += (oldest..<next).map { Event(seconds: seconds, kind: .leave, player: $0) }
        return events
    }

    /// The display tick that delivers a memory warning due at `at`, on a display link of `refreshHz` (the first tick
    /// at or after it, as ``FeedPlayback`` finds it); nil when that tick comes once every player has left, so the
    /// warning would never be delivered.
    public func warningTick(at: Double, refreshHz: Double) -> Double? {
        let period = 1 / refreshHz
        let tick = (max(0, at - 1e-9) / period).rounded(.up) * period
        return tick + 1e-9 < seconds ? tick : nil
    }

    /// Players that enter over the whole feed.
    public var entrants: Int { events.filter { $0.kind == .enter }.count }
}
