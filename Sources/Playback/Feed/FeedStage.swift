import CaseModel
import FrameDecoders
import GIFCodec

/// What a feed plays on: the measured child's threads, pool and jemalloc (``MeasuredFeedStage``), or a replay's
/// virtual clock and traced decode costs. ``FeedPlayback`` drives either through the same display link, playheads
/// and players.
public protocol FeedStage: AnyObject {
    /// The clock the display link ticks on.
    var clock: any PlaybackClock { get }
    /// Starts building player `player`'s decoder for `gif` off the display link, at display tick `tick`.
    func load(_ gif: FeedGIF, player: Int, at tick: Double) -> any FeedDecoderLoading
    /// jemalloc's `stats.allocated` at an event; nil where the stage has no allocator to read.
    func allocated() -> Int?
    /// Records memory `seconds` into the feed, and stops a feed past its limit.
    func sample(at seconds: Double)
    func check(at seconds: Double) throws
}

/// A player's decoder being built off the display link.
public protocol FeedDecoderLoading: AnyObject {
    /// The decoder once built, or why it could not be; nil while it is being built.
    var made: Result<any AnimatedFrameSource, GIFError>? { get }
    /// Waits until the build has ended (a player leaving before its decoder is ready).
    func finish()
    /// Lets the decoder go.
    func release()
}
