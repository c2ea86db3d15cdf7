/// A player of a browser engine or of Android, beyond the iOS libraries: its rule is a ``PlayerDescription``
/// transcribed from its source (``BrowserPlayers``, ``AndroidPlayers``), played by ``DescribedRule`` like a player
/// file's, with the knobs its source has: a byte budget and a frame count.
public struct PlatformPlayer: Sendable, Hashable {
    /// The six players, by the name `--policies` and the `decoder` column give them.
    public enum Engine: String, Sendable, Hashable, CaseIterable {
        case webkit, chromium, firefox, glide, fresco, android
    }

    public var engine: Engine
    /// The budget in MiB instead of the engine's: WebKit's `LargeAnimationCutoff`, Chromium's discardable memory,
    /// Firefox's `image.animated.decode-on-demand.threshold-kb`, Fresco's bitmap memory cache; nil for the
    /// engine's own.
    public var budgetMegabytes: Double?
    /// The frames instead of the engine's: Firefox's `image.animated.decode-on-demand.batch-size`, Fresco's
    /// `NUMBER_OF_FRAMES_TO_PREPARE`; nil for the engine's own.
    public var frames: Int?

    public init(_ engine: Engine, budgetMegabytes: Double? = nil, frames: Int? = nil) {
        self.engine = engine
        self.budgetMegabytes = budgetMegabytes
        self.frames = frames
    }

    /// Every name, as `--policies` takes them.
    public static let names = Engine.allCases.map(\.rawValue)

    /// The rule this player plays, with its knobs applied.
    public var description: PlayerDescription {
        switch engine {
        case .webkit: BrowserPlayers.webkit(cutoffMegabytes: budgetMegabytes ?? BrowserPlayers.webkitCutoffMegabytes)
        case .chromium: BrowserPlayers.chromium(cacheMegabytes: budgetMegabytes ?? BrowserPlayers.chromiumCacheMegabytes)
        case .firefox:
            BrowserPlayers.firefox(thresholdMegabytes: budgetMegabytes ?? BrowserPlayers.firefoxThresholdMegabytes,
                                   batch: frames ?? BrowserPlayers.firefoxBatch)
        case .glide: AndroidPlayers.glide
        case .fresco:
            AndroidPlayers.fresco(prepared: frames ?? AndroidPlayers.frescoPrepared,
                                  cacheMegabytes: budgetMegabytes ?? AndroidPlayers.frescoCacheMegabytes)
        case .android: AndroidPlayers.animatedImageDrawable
        }
    }

    /// A setting the engine's source has: its key in `--policies` after the engine's name, and its source's name.
    public struct Knob: Sendable, Hashable {
        public let key: String
        public let sourceName: String
    }

    /// The knobs the engine has, its budget's and its frames'; nil where its source has none.
    public var knobs: (budget: Knob?, frames: Knob?) {
        switch engine {
        case .webkit: (Knob(key: "cutoff", sourceName: "LargeAnimationCutoff"), nil)
        case .chromium: (Knob(key: "cache", sourceName: "discardable memory limit"), nil)
        case .firefox: (Knob(key: "threshold", sourceName: "decode-on-demand.threshold-kb"),
                        Knob(key: "batch", sourceName: "decode-on-demand.batch-size"))
        case .fresco: (Knob(key: "cache", sourceName: "bitmap memory cache"),
                       Knob(key: "prepare", sourceName: "NUMBER_OF_FRAMES_TO_PREPARE"))
        case .glide, .android: (nil, nil)
        }
    }

    /// The settings changed from the engine's defaults, by the source's names: `["decode-on-demand.batch-size = 3"]`.
    public var changes: [String] {
        var changes: [String] = []
        if let budgetMegabytes, let knob = knobs.budget {
            changes.append(engine == .firefox ? "\(knob.sourceName) = \(Int(budgetMegabytes * 1024))"
                                              : "\(knob.sourceName) = \(Self.megabytes(budgetMegabytes)) MiB")
        }
        if let frames, let knob = knobs.frames { changes.append("\(knob.sourceName) = \(frames)") }
        return changes
    }

    /// The same player with each setting that equals the engine's own left out: `firefox:batch=6` is `firefox`.
    public var normalized: PlatformPlayer {
        let own = PlatformPlayer(engine).description
        var player = self
        if budgetMegabytes == own.holdsUpTo?.megabytes { player.budgetMegabytes = nil }
        if case .count(let count) = own.frames, frames == count { player.frames = nil }
        return player
    }

    /// The player `description` is, its settings read back from it; nil for a player file's (no file may take an
    /// engine's name).
    public init?(reading description: PlayerDescription) {
        guard let engine = Engine(rawValue: description.name) else { return nil }
        let frames: Int? = if case .count(let count) = description.frames { count } else { nil }
        self = PlatformPlayer(engine, budgetMegabytes: description.holdsUpTo?.megabytes, frames: frames).normalized
    }

    /// `30`, `0.5`: a budget as `--policies` writes it, in MiB.
    public static func megabytes(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The queue the player decodes on, as its source says.
    public var queue: String {
        switch engine {
        case .webkit:
            "a serial WorkQueue per image decoder, width 1 (`org.webkit.ImageDecoder`, AsyncImageDecoder.cpp); a frame "
                + "still missing when drawn is decoded on the main thread"
        case .chromium: "cc's raster worker threads, the frame due decoded before its tile rasters (tile_manager.cc)"
        case .firefox:
            "the image DecodePool's threads (`image.multithreaded_decoding.limit`, from the cores), one "
                + "AnimationSurfaceProvider at a time per image"
        case .glide:
            "Glide's animation executor, shared by every GIF: 1 thread under 4 cores, else 2 (GlideExecutor.java)"
        case .fresco:
            "a serial executor over Fresco's decode pool, shared by every animation (AnimatedFactoryV2Impl.kt)"
        case .android: "one `AnimatedImageThread` for the whole process (hwui AnimatedImageThread.cpp)"
        }
    }
}
