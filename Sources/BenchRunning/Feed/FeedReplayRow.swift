import CaseModel

/// One model's feed replayed on a virtual clock from each GIF's traced decode costs (`bench feed --replay`): what
/// every player saw, by the same rules a measured feed's players follow. A replay is deterministic: one per model.
public struct FeedReplayRow: Sendable, Codable, FeedPlayerFigures {
    public var model: String
    /// The feed replayed (its first repetition's).
    public var feed: FeedCase
    public var players: [FeedPlayerSummary]
    public var ticks: Int
    /// Frames decoded at once in the virtual pool, at most.
    public var poolMaxRunning: Int
    /// Why the model could not be replayed (its trace failed, or a replay cannot play its decoder); nil when it was.
    public var failure: String?

    public init(model: String, feed: FeedCase, players: [FeedPlayerSummary] = [], ticks: Int = 0,
                poolMaxRunning: Int = 0, failure: String? = nil) {
        self.model = model
        self.feed = feed
        self.players = players
        self.ticks = ticks
        self.poolMaxRunning = poolMaxRunning
        self.failure = failure
    }

    /// Played without a stall or a dropped frame.
    public var smooth: Bool { failure == nil && stalls == 0 && droppedFrames == 0 }
}
