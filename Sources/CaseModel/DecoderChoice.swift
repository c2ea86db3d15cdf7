import FrameDecoders
import PlayerModels

/// The one type for the decoder a case plays: one of this package's decoder kinds at its window, a library's player
/// with its settings resolved for this GIF, a player file's or a registered player's, or the calibration block. A
/// user names a ``DecoderSetting`` (BenchPlan); the suite resolves it per GIF into this, which is what the child
/// plays, the CSV's `decoder` and `window` columns show, and a baseline holds.
public enum DecoderChoice: Sendable, Hashable, CustomStringConvertible {
    /// One of this package's decoder kinds (``DecoderKind/all``) with its window of frames ahead: `.all` keeps every
    /// frame once decoded, and is the only window of a kind that takes none (eager).
    case kind(DecoderKind, PrefetchWindow)
    /// Kingfisher's `AnimatedImageView` with these settings.
    case kingfisher(KingfisherSettings)
    /// FLAnimatedImage with the frame cache its size category chose (the frame on screen counted), under
    /// `frameCacheSizeMax` when set (0: no cap, the default).
    case flanimatedimage(cacheSize: Int, frameCacheSizeMax: Int = 0)
    /// SDWebImage with the frame pool its memory rule allows, or `maxBufferSize` bytes allow when set (0: automatic).
    case sdwebimage(maxBufferCount: Int, maxBufferSize: Int = 0)
    /// YLGIFImage: 10 frames ahead, played frames but frame 0 freed.
    case ylgifimage
    /// A player described in a file (`--player-file`) or a browser's or Android's (``PlatformPlayer``), with the
    /// frames it keeps and the frames its byte budget holds resolved for this GIF.
    case described(PlayerDescription, count: Int, budgetFrames: Int? = nil)
    /// A player another package registered (``PlayerRegistry``), by name, for frames of `frameBytes`, and the frames
    /// ahead its rule keeps for this GIF (the `window` column, 0 for a frame source of its own), asked when the case
    /// was made so that a report needs no registry to show it.
    case registered(name: String, frameBytes: Int, framesAhead: Int)
    /// Not a decoder: allocates and touches exactly `bytes` bytes for the whole playback, then frees them,
    /// so a test can check that the probe reports what was really held.
    case calibration(bytes: Int)

    /// The eager decoder.
    public static let eager = DecoderChoice.kind(.eager, .all)
    /// The windowed decoder at `window`.
    public static func windowed(_ window: PrefetchWindow) -> DecoderChoice { .kind(.windowed, window) }
    /// The indexed decoder at `window`.
    public static func indexed(_ window: PrefetchWindow) -> DecoderChoice { .kind(.indexed, window) }
    /// Kingfisher with the view's defaults.
    public static let kingfisher = DecoderChoice.kingfisher(.defaults)

    /// The CSV `decoder` column.
    public var name: String {
        switch self {
        case .kind(let kind, _): kind.name
        case .kingfisher: KingfisherRule.name
        case .flanimatedimage: FLAnimatedImageRule.name
        case .sdwebimage: SDWebImageRule.name
        case .ylgifimage: YLGIFImageRule.name
        case .described(let description, _, _): description.name
        case .registered(let name, _, _): name
        case .calibration: "calibration"
        }
    }

    /// Whether the decoder holds every frame (eager, a window of `all`): it has no window to report.
    public var holdsEveryFrame: Bool { if case .kind(_, .all) = self { true } else { false } }

    /// The window: frames decoded ahead, or the frame count for decoders that hold every frame.
    public func windowColumn(frameCount: Int) -> Int {
        switch self {
        case .kind(_, .all): frameCount
        case .kind(_, .frames(let window)): window
        case .kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage, .described:
            libraryRule(frameCount: frameCount)?.framesAhead ?? 0
        case .registered(_, _, let framesAhead): framesAhead
        case .calibration: 0
        }
    }

    /// The CSV `policy` column of a decoder the user named: `eager`, `fixed` (a window), `all`, or a player's name.
    /// A decoder a policy chose shows that policy's name instead (``CaseIdentity/policy``).
    public var namedPolicy: String {
        switch self {
        case .kind(let kind, _) where !kind.takesWindow: kind.name
        case .kind(_, .frames): "fixed"
        case .kind(_, .all): "all"
        default: name
        }
    }

    public var description: String {
        switch self {
        case .kind(let kind, _) where !kind.takesWindow: kind.name
        case .kind(let kind, .frames(let window)): "\(kind.name) w=\(window)"
        case .kind(let kind, .all): "\(kind.name) w=all"
        case .registered(let name, _, _): "\(name) (registered)"
        case .calibration(let bytes): "calibration \(bytes) B"
        case .kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage, .described: libraryDescription
        }
    }
}
