import Playback
import CaseModel
import FrameDecoders
import GIFCodec

/// Plays a feed on a virtual clock: every player's decoder replayed from its GIF's ``FrameCostTrace``, built in the
/// feed's pool when it enters and decoding through that pool (a ``VirtualDecodePool`` of the feed's width), all of
/// them driven by the same ``FeedPlayback`` loop, display link, playheads and players that play a feed for real.
/// Nothing is decoded and nothing sleeps.
public enum FeedReplay {
    /// Replays `feed`, each GIF's decodes costing `traces[gif.path]`: what the display link saw, and the most
    /// decodes the pool ran at once. Nil when a GIF has no trace, or its decoder is one a replay cannot play.
    public static func play(_ feed: FeedCase, containers: [String: GIFContainer], traces: [String: FrameCostTrace],
                            players: PlayerRegistry = .none) throws
        -> (observation: FeedObservation, poolMaxRunning: Int)? {
        guard feed.gifs.allSatisfy({ gif in
            traces[gif.path] != nil && containers[gif.path] != nil && Replay.canPlay(gif.decoder, players: players)
        }) else { return nil }
        let clock = VirtualClock()
        let pool = VirtualDecodePool(width: feed.poolWidth, clock: clock)
        let stage = VirtualFeedStage(clock: clock, pool: pool, containers: containers, traces: traces, players: players)
        let observation = try FeedPlayback.run(feed, stage: stage, start: 0)
        return (observation, pool.maxRunning)
    }
}

/// A feed's stage in a replay: the virtual clock, the virtual pool and the traces; no allocator to read.
final class VirtualFeedStage: FeedStage {
    private let virtualClock: VirtualClock
    let pool: VirtualDecodePool
    let containers: [String: GIFContainer]
    let traces: [String: FrameCostTrace]
    let players: PlayerRegistry

    init(clock: VirtualClock, pool: VirtualDecodePool, containers: [String: GIFContainer],
         traces: [String: FrameCostTrace], players: PlayerRegistry) {
        virtualClock = clock
        self.players = players
        self.pool = pool
        self.containers = containers
        self.traces = traces
    }

    var clock: any PlaybackClock { virtualClock }

    func load(_ gif: FeedGIF, player: Int, at tick: Double) -> any FeedDecoderLoading {
        let decoder = Replay.replayed(gif.decoder, container: containers[gif.path]!, trace: traces[gif.path]!,
                                      clock: virtualClock, loading: .inPool(pool, at: tick), players: players)
        return VirtualFeedLoading(decoder: decoder, clock: virtualClock)
    }

    func allocated() -> Int? { nil }
    func sample(at seconds: Double) {}
    func check(at seconds: Double) throws {}
}

/// A replayed decoder that is ready once the clock reaches the end of its up-front decodes in the pool.
final class VirtualFeedLoading: FeedDecoderLoading {
    private var decoder: (any ReplayedDecoder)?
    private let clock: VirtualClock

    init(decoder: (any ReplayedDecoder)?, clock: VirtualClock) {
        self.decoder = decoder
        self.clock = clock
    }

    var made: Result<any AnimatedFrameSource, GIFError>? {
        guard let decoder, clock.seconds + 1e-12 >= decoder.builtAt else { return nil }
        return .success(decoder)
    }

    /// Waits for the build, as a real player leaving waits for its loading thread: the clock moves to its end.
    func finish() {
        if let decoder { clock.advance(to: decoder.builtAt) }
    }
    func release() { decoder = nil }
}
