/// What one player of a feed saw.
public struct FeedPlayerSummary: Sendable, Hashable, Codable {
    public var player: Int
    public var gif: String
    public var firstFrameSeconds: Double?
    public var framesShown = 0
    public var partialFrames = 0
    public var stalls = 0
    public var droppedFrames = 0
    /// Seconds frames were shown past their display tick, summed, and the worst one.
    public var latenessSeconds = 0.0
    public var worstLatenessSeconds = 0.0
    public var animationSeconds = 0.0
    public var heldFramesMax = 0
    public var warned = false
    public var heldBeforeWarning: Int?
    public var heldAfterWarning: Int?

    public init(player: Int, gif: String) {
        self.player = player
        self.gif = gif
    }

    /// A frame shown, or given up on, `late` seconds after its display tick.
    public mutating func stalled(late: Double) {
        stalls += 1
        latenessSeconds += late
        worstLatenessSeconds = max(worstLatenessSeconds, late)
    }
}
