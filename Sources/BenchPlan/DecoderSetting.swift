import CaseModel
import FrameDecoders
import PlayerModels

/// How a suite plays every GIF, as `--policies` names it: one of the package's decoder kinds at a window, a library's
/// player with the settings its users change, a player file's or a registered player's rule, or the windowed decoder
/// sized to a budget. The one type for a decoder a user asks for; ``decoder(frameBytes:frameCount:memory:)`` turns it
/// into the ``DecoderChoice`` a case plays for one GIF.
public enum DecoderSetting: Sendable, Hashable, CustomStringConvertible {
    /// A decoder kind at this window (a number of frames is capped at the frame count), or keeping all; `.all` for a
    /// kind that takes no window.
    case kind(DecoderKind, PrefetchWindow)
    /// Kingfisher's `AnimatedImageView`: `framePreloadCount` frames ahead (10, or as many as a budget holds beside
    /// the frame on screen), played frames freed; drops a frame it does not have; prescales to the view unless told
    /// not to.
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
    /// A browser's or Android's player (WebKit, Chromium, Firefox, Glide, Fresco, `AnimatedImageDrawable`), with the
    /// knobs its source has.
    case platform(PlatformPlayer)
    /// A player another package registered (`GIFFrameBench.Harness`), found by name in the program's registry.
    case registered(RegisteredPlayer)
    /// The project's windowed decoder with the largest window whose frames fit `bytes`, at least 1.
    case budget(bytes: Int)

    public static let eager = DecoderSetting.kind(.eager, .all)
    public static func windowed(_ window: PrefetchWindow) -> DecoderSetting { .kind(.windowed, window) }
    public static func indexed(_ window: PrefetchWindow) -> DecoderSetting { .kind(.indexed, window) }

    /// Each library with its defaults.
    public static let kingfisher = DecoderSetting.kingfisher(
        preload: .frames(KingfisherSettings.defaults.framePreloadCount),
        needsPrescaling: KingfisherSettings.defaults.needsPrescaling)
    public static let flanimatedimage = DecoderSetting.flanimatedimage(cacheMax: nil)
    public static let sdwebimage = DecoderSetting.sdwebimage(maxBufferSize: 0)

    /// Whether this setting decodes every frame up front.
    public var isEager: Bool { if case .kind(.eager, _) = self { true } else { false } }

    /// What a case this setting plays records as having chosen its decoder (``CaseIdentity/chosenBy``): nil for a
    /// decoder kind the user named, else this setting's canonical name.
    public var chosenBy: String? {
        if case .kind = self { return nil }
        return description
    }

    /// The library's own default when this setting changes one of its settings (`kingfisher:preload=3` gives
    /// `kingfisher`); nil for a library at its defaults and for what is no library.
    public var libraryDefault: DecoderSetting? {
        switch self {
        case .kingfisher where self != Self.kingfisher: Self.kingfisher
        case .flanimatedimage(.some): Self.flanimatedimage
        case .sdwebimage(let size) where size > 0: Self.sdwebimage
        case .platform(let player) where player != PlatformPlayer(player.engine): .platform(PlatformPlayer(player.engine))
        default: nil
        }
    }

    /// The canonical form, settings at their defaults left out: `windowed w=4`, `kingfisher`, `kingfisher:preload=3`,
    /// `sdwebimage:max-buffer=32MiB`. A library's is the `policy` column.
    public var description: String {
        switch self {
        case .kind(let kind, let window): return "\(DecoderChoice.kind(kind, window))"
        case .kingfisher(let preload, let prescales):
            var text = KingfisherRule.name
            if preload != .frames(KingfisherSettings.defaults.framePreloadCount) {
                text += ":" + preload.text(frames: "preload")
            }
            return prescales ? text : text + ":prescale=off"
        case .flanimatedimage(let max):
            return FLAnimatedImageRule.name + (max.map { ":" + $0.text(frames: "cache-max") } ?? "")
        case .sdwebimage(let size):
            return SDWebImageRule.name + (size > 0 ? ":max-buffer=\(ByteSize.format(size))" : "")
        case .ylgifimage: return YLGIFImageRule.name
        case .file(let description): return "file:\(description.name)"
        case .platform(let player):
            let knobs = player.knobs
            let settings = [player.budgetMegabytes.flatMap { value in
                                knobs.budget.map { "\($0.key)=\(PlatformPlayer.megabytes(value))" } },
                            player.frames.flatMap { value in knobs.frames.map { "\($0.key)=\(value)" } }].compactMap { $0 }
            return ([player.engine.rawValue] + settings).joined(separator: ":")
        case .registered(let player): return player.name
        case .budget(let bytes): return "budget:\(ByteSize.format(bytes))"
        }
    }
}
