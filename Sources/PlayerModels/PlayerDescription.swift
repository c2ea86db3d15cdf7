
/// A retention rule in data: what a player decodes at set-up, how many frames it keeps and when it asks for them,
/// what it frees, what it does when the frame due is missing and how it answers a memory warning. `--player-file`
/// reads one from JSON (docs/player.schema.json); ``DescribedRule`` plays it. The four library models are written in
/// it in docs/players/, and a test plays each file against the built-in rule, step for step.
public struct PlayerDescription: Sendable, Hashable, Codable {
    /// The player's name: the `decoder` column.
    public var name: String
    /// Where the rule was read, if it models a real library.
    public var source: String
    /// Frames 0 … n-1 decoded on the caller's thread before playback (YLGIFImage's ten, a poster frame).
    public var decodedUpFront: Int
    /// Frames asked of the background queue when the player is built: none, or the first frame and the frames
    /// ahead of it (Kingfisher).
    public var decodedAtStart: StartFrames
    /// How many frames the player keeps: ahead of the one due, or, for a pool, in all.
    public var frames: FrameCount
    /// When the player asks its queue for frames.
    public var asks: Asking
    /// Which decoded frames it frees, and when.
    public var frees: Freeing
    /// Frames never freed (a poster frame, YLGIFImage's frame 0).
    public var keeps: [Int]
    /// A GIF of at most this many frames is kept whole: after set-up, the player asks for nothing and frees nothing.
    public var keepAllUpTo: Int?
    /// What the player does when the frame due is not decoded.
    public var whenMissing: Missing
    /// What it does on the system's low-memory warning.
    public var memoryWarning: WarningAnswer
    /// A budget of decoded bytes under which the player frees nothing: it frees as `frees` says only once it holds
    /// more frames than fit (WebKit's `LargeAnimationCutoff`, Firefox's decode-on-demand threshold, Fresco's bitmap
    /// cache). Nil: no budget, `frees` applies from the start.
    public var holdsUpTo: HeldBudget?

    public init(name: String, source: String = "", decodedUpFront: Int = 0, decodedAtStart: StartFrames = .none,
                frames: FrameCount, asks: Asking, frees: Freeing, keeps: [Int] = [], keepAllUpTo: Int? = nil,
                whenMissing: Missing, memoryWarning: WarningAnswer = .ignore, holdsUpTo: HeldBudget? = nil) {
        self.name = name
        self.source = source
        self.decodedUpFront = decodedUpFront
        self.decodedAtStart = decodedAtStart
        self.frames = frames
        self.asks = asks
        self.frees = frees
        self.keeps = keeps
        self.keepAllUpTo = keepAllUpTo
        self.whenMissing = whenMissing
        self.memoryWarning = memoryWarning
        self.holdsUpTo = holdsUpTo
    }

    public enum StartFrames: String, Sendable, Hashable, Codable, CaseIterable {
        /// Nothing is asked at set-up.
        case none
        /// Frame 0 and the frames ahead of it.
        case window
    }

    /// How many frames a player keeps, fixed or sized from the GIF or the device.
    public enum FrameCount: Sendable, Hashable, Codable {
        /// A number of frames.
        case count(Int)
        /// By the GIF's decoded size (every frame's bytes, in MB of 2²⁰): the first category whose `upToMegabytes` the
        /// GIF fits in, the last one (no limit) otherwise; `nil` frames means every frame.
        case bySize([SizeCategory])
        /// min(physical memory × `physicalFraction`, free memory × `freeFraction`) ÷ frame bytes, at least 1.
        case memory(physicalFraction: Double, freeFraction: Double)
    }

    public struct SizeCategory: Sendable, Hashable, Codable {
        public var upToMegabytes: Double?
        public var frames: Int?

        public init(upToMegabytes: Double?, frames: Int?) {
            self.upToMegabytes = upToMegabytes
            self.frames = frames
        }
    }

    public enum Asking: String, Sendable, Hashable, Codable, CaseIterable {
        /// When the frame due changes: the frames ahead of it not decoded (Kingfisher).
        case whenFrameChanges = "when-frame-changes"
        /// Each time a frame comes due: the frames ahead of it not decoded (YLGIFImage).
        case everyDue = "every-due"
        /// When a frame comes due and when it is shown: that frame and the frames ahead of it not decoded, in order
        /// from it, while any frame is not decoded (FLAnimatedImage).
        case everyDueAndShown = "every-due-and-shown"
        /// One at a time: the frame due when it is missing, and the next one as a frame is shown, until every frame is
        /// kept (SDWebImage, Glide, Android's `AnimatedImageDrawable`).
        case oneAtATime = "one-at-a-time"
        /// In batches of `frames`: twice that at start, then the next batch after the last frame asked whenever fewer
        /// than a batch are decoded or asked ahead of the frame due (Firefox's `AnimationFrameDiscardingQueue`).
        case inBatches = "in-batches"
    }

    public enum Freeing: String, Sendable, Hashable, Codable, CaseIterable {
        /// The frame shown before, when the frame due changes (Kingfisher).
        case previous
        /// The frame due, when it comes due and when it is shown (YLGIFImage: the view holds it, the store does not).
        case shown
        /// When more frames are held than the frame due and those ahead of it, every frame outside them, on every
        /// event (FLAnimatedImage's purge).
        case outsideWindow = "outside-window"
        /// The frame shown, when more frames are held than the pool's size (SDWebImage).
        case overPool = "over-pool"
        /// Every frame whose index is below the frame due's, when it comes due (WebKit's `destroyDecodedFrames`).
        case behind
        /// The frames played longest ago, outside the frame due and those ahead, until no more are held than the
        /// budget (``holdsUpTo``) holds: a least-recently-used cache (Fresco's bitmap memory cache).
        case leastRecent = "least-recent"
        /// Nothing: every frame decoded stays.
        case never
    }

    public enum Missing: String, Sendable, Hashable, Codable, CaseIterable {
        /// The playhead waits for the frame: a stall.
        case wait
        /// The playhead moves on and the view shows its still image: a dropped frame.
        case drop
        /// The playhead moves on and the view keeps the previous frame: a dropped frame.
        case showPrevious = "show-previous"
    }

    /// How a player answers a memory warning.
    public enum WarningAnswer: Sendable, Hashable, Codable {
        /// No handler.
        case ignore
        /// Frees every frame but the one due (SDWebImage).
        case keepDue
        /// Caps the frames kept (the frame due counted) at `cap` and purges; `growAfter` seconds later the cap is
        /// `grownCap`, `liftAfter` seconds after that it is lifted; after `growthsMax` + 1 warnings it stays
        /// (FLAnimatedImage).
        case cap(cap: Int, grownCap: Int, growAfter: Double, liftAfter: Double, growthsMax: Int)
    }

    /// A budget of decoded bytes (``holdsUpTo``), and what the player does once past it.
    public struct HeldBudget: Sendable, Hashable, Codable {
        /// The budget, in MB of 2²⁰ bytes of decoded frames.
        public var megabytes: Double
        public var afterwards: Afterwards
        /// The fewest frames the budget counts, however large they are (Firefox: twice its batch, and one).
        public var atLeastFrames: Int?

        public init(megabytes: Double, afterwards: Afterwards, atLeastFrames: Int? = nil) {
            self.megabytes = megabytes
            self.afterwards = afterwards
            self.atLeastFrames = atLeastFrames
        }

        /// The frames of `frameBytes` each that fit in the budget: a player holding more is past it.
        public func frames(frameBytes: Int) -> Int {
            let fit = Int(min(megabytes * Double(1 << 20) / Double(max(frameBytes, 1)), Double(Int32.max)))
            return max(fit, atLeastFrames ?? 0)
        }

        public enum Afterwards: String, Sendable, Hashable, Codable, CaseIterable {
            /// Frees only while past the budget, and keeps every frame again below it (WebKit).
            case whileOver = "while-over"
            /// Frees from the first time past the budget on (Firefox swaps its retaining buffer for a discarding one).
            case forGood = "for-good"
        }
    }

    /// The frames kept for a GIF of `frameCount` frames of `frameBytes` each on a device with `physicalBytes` and
    /// `freeBytes`: what ``DescribedRule`` plays.
    public func count(frameCount: Int, frameBytes: Int, physicalBytes: UInt64, freeBytes: UInt64) -> Int {
        switch frames {
        case .count(let count):
            return count
        case .bySize(let categories):
            let megabytes = Double(frameBytes) * Double(frameCount) / Double(1 << 20)
            let category = categories.first { $0.upToMegabytes.map { megabytes <= $0 } ?? true } ?? categories.last
            return category?.frames ?? max(frameCount - 1, 0)
        case .memory(let physical, let free):
            let budget = min(Double(physicalBytes) * physical, Double(freeBytes) * free)
            return max(1, Int(budget / Double(max(frameBytes, 1))))
        }
    }
}
