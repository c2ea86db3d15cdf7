import FrameDecoders
import GIFCodec

/// A GIF a feed's players play, and the decoder the feed's model resolved for it.
public struct FeedGIF: Sendable, Hashable, Codable {
    public var name: String
    public var path: String
    public var decoder: DecoderChoice

    public init(name: String, path: String, decoder: DecoderChoice) {
        self.name = name
        self.path = path
        self.decoder = decoder
    }
}

/// One measured feed: several players of one model at once in one child process, entering and leaving on a
/// schedule, against one display link, their background work sharing one bounded pool.
public struct FeedCase: Sendable, Hashable, Codable {
    /// The model every player plays with, as the reports name it (`eager`, `windowed w=4`, `flanimatedimage`).
    public var model: String
    /// Player k plays `gifs[k % gifs.count]`.
    public var gifs: [FeedGIF]
    /// Players on screen at once.
    public var players: Int
    /// Players leaving, and as many entering, per second; 0 keeps the first players for the whole feed.
    public var scrollRate: Double
    /// How long the feed plays, in seconds.
    public var seconds: Double
    public var speed: Double
    public var refreshHz: Double
    /// Pin the child to this many CPUs, or use all.
    public var cpus: Int?
    /// Frames decoded at once across every player's queue.
    public var poolWidth: Int
    public var display: DisplaySize?
    public var codec: LZWCodec
    /// One low-memory warning to every player on screen this many seconds into the feed.
    public var memoryWarningAt: Double?
    public var device: String?
    public var repetition: Int
    public var limits: DecodeLimits
    /// Most bytes the feed's players may hold allocated together; past it the feed stops with a failure.
    public var maxMemoryBytes: Int

    /// The default of ``maxMemoryBytes``: the eager limit of one GIF, for all the players together.
    public static let defaultMaxMemoryBytes = DecodeLimits.default.maxEagerBytes

    public init(model: String, gifs: [FeedGIF], players: Int, scrollRate: Double = 0, seconds: Double,
                speed: Double = 1,
                refreshHz: Double = 60, cpus: Int? = nil, poolWidth: Int = 2, display: DisplaySize? = nil,
                codec: LZWCodec = .default,
                memoryWarningAt: Double? = nil, device: String? = nil, repetition: Int = 1,
                limits: DecodeLimits = .default,
                maxMemoryBytes: Int = FeedCase.defaultMaxMemoryBytes) {
        self.model = model
        self.gifs = gifs
        self.players = players
        self.scrollRate = scrollRate
        self.seconds = seconds
        self.speed = speed
        self.refreshHz = refreshHz
        self.cpus = cpus
        self.poolWidth = poolWidth
        self.display = display
        self.codec = codec
        self.memoryWarningAt = memoryWarningAt
        self.device = device
        self.repetition = repetition
        self.limits = limits
        self.maxMemoryBytes = maxMemoryBytes
    }

    /// When each player enters and leaves.
    public var schedule: FeedSchedule { FeedSchedule(players: players, scrollRate: scrollRate, seconds: seconds) }
}
