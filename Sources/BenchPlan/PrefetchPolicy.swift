import CaseModel
import FrameDecoders

/// How a suite picks a player per GIF by name (`--policies`): a library's player as its source code does it, with the
/// settings its users change, a player file's or a registered player's rule, or the project's windowed decoder sized to
/// a budget. A decoder kind, eager included, is a ``DecoderSetting`` of its own, not a policy.
public enum PrefetchPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Kingfisher's `AnimatedImageView`: `framePreloadCount` frames ahead (10, or as many as a budget holds beside
    /// the frame on screen), played frames freed; drops a frame it does not have; prescales to the view unless told not to.
    case kingfisher(preload: FrameAllowance, needsPrescaling: Bool)
    /// FLAnimatedImage: a frame cache of every frame (up to 10 MB decoded), 5 (up to 75 MB) or 1, the frame on screen
    /// counted, plus the poster frame, capped by `frameCacheSizeMax` when given; waits for a frame it does not have.
    case flanimatedimage(cacheMax: FrameAllowance?)
    /// SDWebImage's `SDAnimatedImagePlayer`: a pool of `maxBufferSize` ÷ frame size frames, or when the size is 0,
    /// min(20% of physical memory, 60% of available memory) ÷ frame size, at least 1, fetching the next frame one at a
    /// time; waits for a frame it does not have.
    case sdwebimage(maxBufferSize: Int)
    /// YLGIFImage: the first 10 frames decoded up front, then 10 ahead, played frames but frame 0 freed; drops a frame
    /// it does not have.
    case ylgifimage
    /// A player described in a file (`--player-file`).
    case file(PlayerDescription)
    /// A player another package registered (`GIFFrameBench.Harness`), by name.
    case registered(String)
    /// The project's windowed decoder with the largest window whose frames fit `bytes`, at least 1.
    case budget(bytes: Int)

    /// Each library with its defaults.
    public static let kingfisher = PrefetchPolicy.kingfisher(preload: .frames(KingfisherSettings.defaults.framePreloadCount),
                                                             needsPrescaling: KingfisherSettings.defaults.needsPrescaling)
    public static let flanimatedimage = PrefetchPolicy.flanimatedimage(cacheMax: nil)
    public static let sdwebimage = PrefetchPolicy.sdwebimage(maxBufferSize: 0)

    /// The library's own default when this policy changes one of its settings (`kingfisher:preload=3` gives
    /// `kingfisher`); nil for a library at its defaults and for what is no library.
    public var libraryDefault: PrefetchPolicy? {
        switch self {
        case .kingfisher where self != Self.kingfisher: Self.kingfisher
        case .flanimatedimage(.some): Self.flanimatedimage
        case .sdwebimage(let size) where size > 0: Self.sdwebimage
        default: nil
        }
    }

    /// Parses one policy: `kingfisher`, `flanimatedimage`, `sdwebimage`, `ylgifimage`, `budget:SIZE`, a registered
    /// player, or a library with settings, `NAME:KEY=VALUE[:KEY=VALUE]` (``PolicySettings``), e.g. `kingfisher:preload=3`.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased()
        if name == "budget" {
            guard parts.count == 2, let bytes = ByteSize.parse(parts[1]), bytes > 0 else {
                throw UsageError("'\(text)' needs a size from 1B to 1PiB, e.g. budget:32MiB")
            }
            self = .budget(bytes: bytes)
            return
        }
        guard Self.libraries.contains(name) || PlayerRegistry.player(named: parts[0]) != nil else { throw Self.unknown(text) }
        let settings = try PolicySettings(parts.dropFirst(), of: name, in: text)
        switch name {
        case KingfisherRule.name: self = try settings.kingfisher()
        case FLAnimatedImageRule.name: self = try settings.flanimatedimage()
        case SDWebImageRule.name: self = try settings.sdwebimage()
        case YLGIFImageRule.name:
            guard settings.isEmpty else {
                throw UsageError("'\(text)': \(name) has no settings to change (its 10 frames ahead are fixed in its source)")
            }
            self = .ylgifimage
        case _ where PlayerRegistry.player(named: parts[0]) != nil && settings.isEmpty:
            self = .registered(parts[0])
        default:
            throw Self.unknown(text)
        }
    }

    /// The libraries a policy names, as `--policies` spells them.
    static let libraries = [KingfisherRule.name, FLAnimatedImageRule.name, SDWebImageRule.name, YLGIFImageRule.name]

    /// The one error for an entry nothing in `--policies` takes, listing every entry that it does take.
    static func unknown(_ text: String) -> UsageError { UsageError("unknown policy '\(text)' (use \(DecoderSetting.names))") }

    /// The canonical form, settings at their defaults left out: `kingfisher`, `kingfisher:preload=3`,
    /// `sdwebimage:max-buffer=32MiB`. The `policy` column.
    public var description: String {
        switch self {
        case .kingfisher(let preload, let prescales):
            var text = KingfisherRule.name
            if preload != .frames(KingfisherSettings.defaults.framePreloadCount) { text += ":" + preload.text(frames: "preload") }
            return prescales ? text : text + ":prescale=off"
        case .flanimatedimage(let max): return FLAnimatedImageRule.name + (max.map { ":" + $0.text(frames: "cache-max") } ?? "")
        case .sdwebimage(let size): return SDWebImageRule.name + (size > 0 ? ":max-buffer=\(ByteSize.format(size))" : "")
        case .ylgifimage: return YLGIFImageRule.name
        case .file(let description): return "file:\(description.name)"
        case .registered(let name): return name
        case .budget(let bytes): return "budget:\(ByteSize.format(bytes))"
        }
    }

    /// The plan for a GIF of `frameCount` frames of `frameBytes` each: this policy's decoder, chosen by it.
    public func plan(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderPlan {
        DecoderPlan(decoder(frameBytes: frameBytes, frameCount: frameCount, memory: memory), origin: .policy(description))
    }

    /// The decoder this policy plays a GIF of `frameCount` frames of `frameBytes` each with.
    public func decoder(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderChoice {
        let frameBytes = max(frameBytes, 1)
        switch self {
        case .kingfisher(let preload, let prescales):
            // A budget holds the frame on screen and the frames preloaded.
            let count = preload.frames(frameBytes: frameBytes, besides: 1)
            return .library(.kingfisher(KingfisherSettings(framePreloadCount: count, needsPrescaling: prescales)))
        case .ylgifimage:
            return .library(.ylgifimage)
        case .flanimatedimage(let max):
            let cap = max?.frames(frameBytes: frameBytes, besides: 0) ?? 0
            let size = FLAnimatedImageRule.cacheSize(frameCount: frameCount, frameBytes: frameBytes, frameCacheSizeMax: cap)
            return .library(.flanimatedimage(cacheSize: min(size, frameCount), frameCacheSizeMax: cap))
        case .sdwebimage(let size):
            let pool = SDWebImageRule.maxBufferCount(frameBytes: frameBytes, physicalBytes: memory.physicalBytes,
                                                     freeBytes: memory.availableBytes, maxBufferSize: size)
            return .library(.sdwebimage(maxBufferCount: pool, maxBufferSize: size))
        case .file(let description):
            let count = description.count(frameCount: frameCount, frameBytes: frameBytes, physicalBytes: memory.physicalBytes,
                                          freeBytes: memory.availableBytes)
            return .library(.described(description, count: count))
        case .registered(let name):
            return .registered(name: name, frameBytes: frameBytes)
        case .budget(let bytes):
            let window = max(1, bytes / frameBytes)
            return window >= frameCount ? .windowed(.all) : .windowed(.frames(window))
        }
    }
}

/// A library setting counted in frames, given as a number or as a byte budget the GIF's frame size turns into one.
public enum FrameAllowance: Sendable, Hashable {
    case frames(Int)
    case budget(bytes: Int)

    /// The frames allowed for frames of `frameBytes`, `besides` frames the budget also holds; at least 1.
    func frames(frameBytes: Int, besides: Int) -> Int {
        switch self {
        case .frames(let count): count
        case .budget(let bytes): max(1, bytes / max(frameBytes, 1) - besides)
        }
    }

    /// `preload=3` or `budget=8MiB`.
    func text(frames key: String) -> String {
        switch self {
        case .frames(let count): "\(key)=\(count)"
        case .budget(let bytes): "budget=\(ByteSize.format(bytes))"
        }
    }
}
