import FrameDecoders

/// FLAnimatedImage (`FLAnimatedImage/FLAnimatedImage.m`, `FLAnimatedImageView.m`, Flipboard/FLAnimatedImage).
///
/// - The cache size is chosen once from the decoded size, bytes per row × height × frames in MB of 2²⁰ (`-initWith…`):
///   every frame up to 10 MB (`FLAnimatedImageDataSizeCategoryAll`), 5 up to 75 MB, else 1 (on demand); never more than
///   the frame count.
/// - The frames to cache start at the frame requested and count it (`-frameIndexesToCache`): size 5 is the frame on
///   screen and 4 ahead, size 1 only the frame on screen. The poster frame (the first) is always kept besides.
/// - Asking for a frame (`-imageLazilyCachedAtIndex:`) queues the missing ones in order from it on a serial queue,
///   then purges cached frames outside that set once the cache holds more than its size.
/// - A frame not decoded in time stops the playhead: the view neither updates nor advances (`-displayDidRefresh:`).
/// - A memory warning caps the cache at 1 and purges; 2 s later the cap grows to 2, 3 s after that it is lifted; after
///   three warnings it stays at 1 (`-didReceiveMemoryWarning:`, `-growFrameCacheSizeAfterMemoryWarning:`).
public struct FLAnimatedImageRule: RetentionRule {
    public static let megabyte = 1024 * 1024
    /// `FLAnimatedImageDataSizeCategoryAll` and `…Default`: decoded sizes, in MB of 2²⁰, that keep every frame or 5.
    public static let keepAllMegabytes = 10.0, keepFiveMegabytes = 75.0
    public static let growDelay = 2.0, resetDelay = 3.0, growAttemptsMax = 2
    public let frameCount: Int
    /// `frameCacheSizeOptimal`.
    public let optimalCacheSize: Int
    public static let posterFrame = 0
    private var cap = 0 {
        didSet { if cap != oldValue { askedEveryFrame = false } }
    }
    /// Whether a cache of every frame has asked for every frame since its size last changed: the player queues a
    /// frame once however often it is asked, so asking again would add nothing, and would cost time in proportion to
    /// the frames on every request.
    private var askedEveryFrame = false
    private var warnings = 0
    private var growAt: Double?
    private var resetAt: Double?
    /// The library's name: the `policy` column, `--policies` and the `decoder` column use it.
    public static let name = "flanimatedimage"
    public var name: String { Self.name }
    public var summary: String {
        "a cache of \(optimalCacheSize) counting the frame on screen\(optimalCacheSize == 1 ? " (on demand)" : ""), "
        + "plus the poster frame; waits for a late frame"
    }
    public var source: String { "Flipboard/FLAnimatedImage FLAnimatedImage/FLAnimatedImage.m" }
    public var missBehaviour: MissBehaviour { .waitsForFrame }
    public var framesAhead: Int { optimalCacheSize - 1 }
    public var decodedUpFront: [Int] { [Self.posterFrame] }
    /// The cache (the frame on screen counted) and the poster frame.
    public var heldFramesBound: Int { optimalCacheSize >= frameCount ? frameCount : optimalCacheSize + 1 }

    public init(frameCount: Int, frameBytes: Int) {
        self.init(frameCount: frameCount, cacheSize: Self.cacheSize(frameCount: frameCount, frameBytes: frameBytes))
    }

    /// A rule whose size category was chosen already (`cacheSize` frames, capped at the frame count).
    public init(frameCount: Int, cacheSize: Int) {
        self.frameCount = frameCount
        optimalCacheSize = max(1, min(cacheSize, frameCount))
    }

    /// The size category of a GIF of `frameCount` frames of `frameBytes` each, capped at `frameCacheSizeMax` when it
    /// is set (`FLAnimatedImage.frameCacheSizeMax`; 0, the default, means no cap: `-frameCacheSizeCurrent`).
    public static func cacheSize(frameCount: Int, frameBytes: Int, frameCacheSizeMax: Int = 0) -> Int {
        let megabytes = Double(frameBytes) * Double(frameCount) / Double(megabyte)
        let category = megabytes <= Self.keepAllMegabytes ? frameCount : megabytes <= Self.keepFiveMegabytes ? 5 : 1
        return frameCacheSizeMax > 0 ? min(category, frameCacheSizeMax) : category
    }

    /// `frameCacheSizeCurrent`: the optimal size under the memory-warning cap.
    public var currentCacheSize: Int { cap > 0 ? min(optimalCacheSize, cap) : optimalCacheSize }

    /// `-frameIndexesToCache` for a request of `frame`.
    func framesToCache(_ frame: Int) -> Set<Int> {
        let size = currentCacheSize
        guard size < frameCount else { return Set(0..<frameCount) }
        return Set((0..<size).map { (frame + $0) % frameCount }).union([Self.posterFrame])
    }

    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        RetentionStep(decode: held.count < frameCount ? missing(from: frame, held: held) : [],
                      free: purge(held, requested: frame))
    }

    /// The frames to cache for a request of `frame` that are not held, in order from it, the poster frame left out:
    /// the cache's frames from `frame` on, in time in proportion to the cache; for a cache of every frame, each frame
    /// once until the cache's size changes.
    private mutating func missing(from frame: Int, held: Set<Int>) -> [Int] {
        let size = currentCacheSize
        if size >= frameCount {
            if askedEveryFrame { return [] }
            askedEveryFrame = true
        }
        return (0..<min(size, frameCount)).map { (frame + $0) % frameCount }
            .filter { !held.contains($0) && $0 != Self.posterFrame }
    }

    /// The display link asks again on the tick that shows the frame.
    public mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep { due(frame, held: held) }

    /// A frame arrives on the main queue between display ticks; the next tick, at most a refresh later, asks for the
    /// frame due and purges. Purging on arrival stands for that tick.
    public mutating func arrived(_ frame: Int, due: Int, held: Set<Int>) -> RetentionStep {
        RetentionStep(free: purge(held, requested: due))
    }

    /// `-purgeFrameCacheIfNeeded`.
    func purge(_ held: Set<Int>, requested: Int) -> [Int] {
        guard held.count > currentCacheSize else { return [] }
        return held.subtracting(framesToCache(requested)).sorted()
    }

    public mutating func memoryWarning(at seconds: Double, due: Int, held: Set<Int>) -> RetentionStep {
        warnings += 1
        cap = 1
        resetAt = nil
        growAt = warnings - 1 <= Self.growAttemptsMax ? seconds + Self.growDelay : nil
        return RetentionStep(free: purge(held, requested: due))
    }

    public mutating func clock(_ seconds: Double, due: Int, held: Set<Int>) -> RetentionStep {
        if let grow = growAt, seconds >= grow {
            growAt = nil
            cap = 2
            resetAt = grow + Self.resetDelay
        }
        if let reset = resetAt, seconds >= reset {
            resetAt = nil
            cap = 0
        }
        return RetentionStep(free: purge(held, requested: due))
    }
}
