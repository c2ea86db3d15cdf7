/// Something that happened during a feed, with what memory did around it.
public struct FeedEvent: Sendable, Hashable, Codable {
    /// Seconds into the feed: the display tick it was applied at.
    public var seconds: Double
    /// When the schedule asked for it.
    public var scheduledSeconds: Double
    public var kind: FeedSchedule.Kind
    /// The player entering or leaving; nil for a warning (every player on screen gets it).
    public var player: Int?
    public var gif: String?
    /// jemalloc's `stats.allocated` just before and just after (a leaving player's decoder released in between).
    public var allocatedBefore: Int?
    public var allocatedAfter: Int?
    /// A leaving player's decoded frames alive as it left, and the bytes of one.
    public var heldFrames: Int?
    public var frameBytes: Int?
    /// A warning: the players on screen it was delivered to.
    public var playersReached: Int?

    public init(seconds: Double, scheduledSeconds: Double, kind: FeedSchedule.Kind, player: Int? = nil,
                gif: String? = nil,
                allocatedBefore: Int? = nil, allocatedAfter: Int? = nil, heldFrames: Int? = nil, frameBytes: Int? = nil,
                playersReached: Int? = nil) {
        self.seconds = seconds
        self.scheduledSeconds = scheduledSeconds
        self.kind = kind
        self.player = player
        self.gif = gif
        self.allocatedBefore = allocatedBefore
        self.allocatedAfter = allocatedAfter
        self.heldFrames = heldFrames
        self.frameBytes = frameBytes
        self.playersReached = playersReached
    }

    /// What `stats.allocated` fell by across the event (0 when it was not read).
    public var freedBytes: Int { (allocatedBefore ?? 0) - (allocatedAfter ?? 0) }
}
