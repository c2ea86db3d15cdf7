import FrameDecoders
import PlayerModels

/// A library's player: its settings and the figures its rule was resolved to for this GIF (and, for SDWebImage, the
/// memory it sized its pool from). The rules themselves are in the PlayerModels module, each citing its
/// source. A setting a user changed is part of the case: `framePreloadCount = 3` is another case than the default.
extension DecoderChoice {
    /// Whether this is a library's player (Kingfisher, FLAnimatedImage, SDWebImage, YLGIFImage) or one described in a
    /// file: a retention rule the harness plays with real decoding, labelled by its rule in the reports.
    public var isLibrary: Bool {
        switch self {
        case .kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage, .described: true
        case .kind, .registered, .calibration: false
        }
    }

    /// The library's rule for a GIF of `frameCount` frames; nil for what is no library's player.
    public func libraryRule(frameCount: Int) -> (any RetentionRule)? {
        switch self {
        case .kingfisher(let settings):
            KingfisherRule(frameCount: frameCount, framePreloadCount: settings.framePreloadCount)
        case .flanimatedimage(let size, _): FLAnimatedImageRule(frameCount: frameCount, cacheSize: size)
        case .sdwebimage(let pool, _): SDWebImageRule(frameCount: frameCount, maxBufferCount: pool)
        case .ylgifimage: YLGIFImageRule(frameCount: frameCount)
        case .described(let description, let count, let budget):
            DescribedRule(description, frameCount: frameCount, count: count, budgetFrames: budget)
        case .kind, .registered, .calibration: nil
        }
    }

    /// The view size the player keeps its frames at: the case's, unless the player does not prescale (Kingfisher with
    /// `needsPrescaling = false` keeps the GIF's size).
    public func heldDisplay(_ display: DisplaySize?) -> DisplaySize? {
        if case .kingfisher(let settings) = self, !settings.needsPrescaling { return nil }
        return display
    }

    /// A library's settings changed from its defaults, by the library's property names: `["framePreloadCount = 3"]`;
    /// empty for the defaults and for what is no library's player.
    public var changes: [String] {
        switch self {
        case .kingfisher(let settings): settings.changes
        case .flanimatedimage(_, let max): max > 0 ? ["frameCacheSizeMax = \(max)"] : []
        case .sdwebimage(_, let size): size > 0 ? ["maxBufferSize = \(Self.bytes(size))"] : []
        case .described(let description, _, _): PlatformPlayer(reading: description)?.changes ?? []
        case .ylgifimage, .kind, .registered, .calibration: []
        }
    }

    /// A library's player in words: `kingfisher (10 ahead)`, `sdwebimage (pool 4, maxBufferSize = 32 MiB)`.
    var libraryDescription: String {
        switch self {
        case .kingfisher(let settings):
            "\(name) (\(settings.framePreloadCount) ahead\(settings.needsPrescaling ? "" : ", no prescaling"))"
        case .flanimatedimage(let size, _): "\(name) (\((["cache \(size)"] + changes).joined(separator: ", ")))"
        case .sdwebimage(let pool, _): "\(name) (\((["pool \(pool)"] + changes).joined(separator: ", ")))"
        case .ylgifimage: "\(name) (\(YLGIFImageRule.prefetched) ahead)"
        case .described(let description, let count, let budget):
            if PlatformPlayer(reading: description) != nil {
                "\(name) (\(platformTerms(description, count: count, budget: budget).joined(separator: ", ")))"
            } else {
                "\(name) (from a file, \(description.frees == .overPool ? "pool" : "ahead") \(count))"
            }
        case .kind, .registered, .calibration: name
        }
    }

    /// A browser's or Android's player in a few terms: its frames ahead or batch, its budget, its settings changed.
    private func platformTerms(_ description: PlayerDescription, count: Int, budget: Int?) -> [String] {
        let frames = description.asks == .inBatches ? "batches of \(count)" : "\(count) ahead"
        return [frames] + (budget.map { ["keeps up to \($0) frames"] } ?? []) + changes
    }

    /// `32 MiB`, `500 KiB`, `1000 bytes`: a byte count as the library's users write it.
    static func bytes(_ count: Int) -> String {
        for (unit, scale) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where count % scale == 0 {
            return "\(count / scale) \(unit)"
        }
        return "\(count) bytes"
    }
}
