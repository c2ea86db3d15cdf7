import CaseModel
import FrameDecoders
import GIFCodec
import Playback
import PosixThreads
import Synchronization

/// A feed played for real in the measured child: the monotonic clock, each player's decoder built on a thread of its
/// own inside the feed's ``DecodePool``, and memory read from the allocation ledger and jemalloc.
final class MeasuredFeedStage: FeedStage {
    let feed: FeedCase
    let containers: [String: GIFContainer]
    let pool: DecodePool
    let players: PlayerRegistry
    private(set) var memory: FeedMemory
    let clock: any PlaybackClock = MonotonicClock()

    init(feed: FeedCase, containers: [String: GIFContainer], pool: DecodePool, players: PlayerRegistry,
         memory: FeedMemory) {
        self.feed = feed
        self.players = players
        self.containers = containers
        self.pool = pool
        self.memory = memory
    }

    func load(_ gif: FeedGIF, player: Int, at tick: Double) -> any FeedDecoderLoading {
        ThreadFeedLoading(gif: gif, container: containers[gif.path]!, feed: feed, pool: pool, players: players,
                          player: player)
    }

    /// jemalloc's `stats.allocated` (an epoch refresh: only at events), checked against the ledger.
    func allocated() -> Int? {
        let allocated = (try? AllocatorCounters.allocatedNow()) ?? memory.now
        memory.check(statsAllocated: allocated)
        return allocated
    }

    func sample(at seconds: Double) { memory.sample(at: seconds) }

    func check(at seconds: Double) throws { try memory.check(limit: feed.maxMemoryBytes, at: seconds) }
}

/// A decoder built on a background thread of its own, inside the feed's pool, as a library's loading queue builds
/// it (an eager decoder decodes every frame there).
final class ThreadFeedLoading: FeedDecoderLoading {
    private let box = DecoderBox()
    private let thread: BackgroundThread

    init(gif: FeedGIF, container: GIFContainer, feed: FeedCase, pool: DecodePool, players: PlayerRegistry,
         player: Int) {
        thread = BackgroundThread(name: "feed-load-\(player % 1000)") { [box] in
            let made = Result { () throws(GIFError) -> any AnimatedFrameSource in
                try pool.run { () throws(GIFError) -> any AnimatedFrameSource in
                    try CaseExecution.makeDecoder(gif.decoder, container, players: players, limits: feed.limits,
                                                  codec: feed.codec, display: feed.display, pool: pool)
                }
            }
            box.made.withLock { $0 = made }
        }
    }

    var made: Result<any AnimatedFrameSource, GIFError>? { box.made.withLock { $0 } }
    func finish() { thread.join() }
    func release() { box.made.withLock { $0 = nil } }
}

/// A player's decoder, or why it could not be built, handed from the thread that builds it to the display link.
private final class DecoderBox: Sendable {
    let made = Mutex<Result<any AnimatedFrameSource, GIFError>?>(nil)
}
