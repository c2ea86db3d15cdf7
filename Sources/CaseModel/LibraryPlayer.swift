import FrameDecoders

/// A library's player, with its settings and the figures its rule was resolved to for this GIF (and, for SDWebImage,
/// the memory it sizes its pool from). The rules themselves are in FrameDecoders (`PlayerModels/`), each citing its
/// source. A setting a user changed is part of the case: `framePreloadCount = 3` is another case than the default.
public enum LibraryPlayer: Sendable, Hashable, CustomStringConvertible {
    /// Kingfisher's `AnimatedImageView` with these settings.
    case kingfisher(KingfisherSettings)
    /// FLAnimatedImage with the frame cache its size category chose (the frame on screen counted), under
    /// `frameCacheSizeMax` when set (0: no cap, the default).
    case flanimatedimage(cacheSize: Int, frameCacheSizeMax: Int = 0)
    /// SDWebImage with the frame pool its memory rule allows, or `maxBufferSize` bytes allow when set (0: automatic).
    case sdwebimage(maxBufferCount: Int, maxBufferSize: Int = 0)
    case ylgifimage
    /// A player described in a file (`--player-file`), with the frames it keeps resolved for this GIF.
    case described(PlayerDescription, count: Int)

    /// Kingfisher with the view's defaults.
    public static let kingfisher = LibraryPlayer.kingfisher(.defaults)

    public var name: String {
        switch self {
        case .kingfisher: KingfisherRule.name
        case .flanimatedimage: FLAnimatedImageRule.name
        case .sdwebimage: SDWebImageRule.name
        case .ylgifimage: YLGIFImageRule.name
        case .described(let description, _): description.name
        }
    }

    /// Why the library cannot play a WebP, in a clause; nil for those that can (Kingfisher through KingfisherWebP,
    /// SDWebImage through SDWebImageWebPCoder, and a player described in a file).
    public var webpRefusal: String? {
        switch self {
        case .flanimatedimage: "FLAnimatedImage takes GIF data only (its initializer returns nil for a source that is not kUTTypeGIF)"
        case .ylgifimage: "YLGIFImage reads GIF only (its frame delays come from kCGImagePropertyGIFDictionary)"
        case .kingfisher, .sdwebimage, .described: nil
        }
    }

    /// The library's rule for a GIF of `frameCount` frames.
    public func rule(frameCount: Int) -> any RetentionRule {
        switch self {
        case .kingfisher(let settings):
            KingfisherRule(frameCount: frameCount, framePreloadCount: settings.framePreloadCount)
        case .flanimatedimage(let size, _): FLAnimatedImageRule(frameCount: frameCount, cacheSize: size)
        case .sdwebimage(let pool, _): SDWebImageRule(frameCount: frameCount, maxBufferCount: pool)
        case .ylgifimage: YLGIFImageRule(frameCount: frameCount)
        case .described(let description, let count): DescribedRule(description, frameCount: frameCount, count: count)
        }
    }

    /// The view size the player keeps its frames at: the case's, unless the player does not prescale (Kingfisher with
    /// `needsPrescaling = false` keeps the GIF's size).
    public func heldDisplay(_ display: DisplaySize?) -> DisplaySize? {
        if case .kingfisher(let settings) = self, !settings.needsPrescaling { return nil }
        return display
    }

    /// The settings changed from the library's defaults, by the library's property names: `["framePreloadCount = 3"]`;
    /// empty for the defaults.
    public var changes: [String] {
        switch self {
        case .kingfisher(let settings): settings.changes
        case .flanimatedimage(_, let max): max > 0 ? ["frameCacheSizeMax = \(max)"] : []
        case .sdwebimage(_, let size): size > 0 ? ["maxBufferSize = \(Self.bytes(size))"] : []
        case .ylgifimage, .described: []
        }
    }

    public var description: String {
        switch self {
        case .kingfisher(let settings): "\(name) (\(settings.framePreloadCount) ahead\(settings.needsPrescaling ? "" : ", no prescaling"))"
        case .flanimatedimage(let size, _): "\(name) (\((["cache \(size)"] + changes).joined(separator: ", ")))"
        case .sdwebimage(let pool, _): "\(name) (\((["pool \(pool)"] + changes).joined(separator: ", ")))"
        case .ylgifimage: "\(name) (\(YLGIFImageRule.prefetched) ahead)"
        case .described(let description, let count):
            "\(name) (from a file, \(description.frees == .overPool ? "pool" : "ahead") \(count))"
        }
    }

    /// `32 MiB`, `500 KiB`, `1000 bytes`: a byte count as the library's users write it.
    static func bytes(_ count: Int) -> String {
        for (unit, scale) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where count % scale == 0 {
            return "\(count / scale) \(unit)"
        }
        return "\(count) bytes"
    }
}

extension LibraryPlayer {
    /// Kingfisher's JSON: `{}` for the defaults (as the first schema wrote it), else the settings changed.
    struct KingfisherFields: Codable {
        var framePreloadCount: Int?
        var needsPrescaling: Bool?

        init(_ settings: KingfisherSettings) {
            let defaults = KingfisherSettings.defaults
            framePreloadCount = settings.framePreloadCount == defaults.framePreloadCount ? nil : settings.framePreloadCount
            needsPrescaling = settings.needsPrescaling == defaults.needsPrescaling ? nil : settings.needsPrescaling
        }

        var settings: KingfisherSettings {
            KingfisherSettings(framePreloadCount: framePreloadCount ?? KingfisherSettings.defaults.framePreloadCount,
                               needsPrescaling: needsPrescaling ?? KingfisherSettings.defaults.needsPrescaling)
        }
    }

    struct FLAnimatedImageFields: Codable {
        var cacheSize: Int
        var frameCacheSizeMax: Int?
    }

    struct DescribedFields: Codable {
        var description: PlayerDescription
        var count: Int
    }

    struct SDWebImageFields: Codable {
        var maxBufferCount: Int
        var maxBufferSize: Int?
    }
}
