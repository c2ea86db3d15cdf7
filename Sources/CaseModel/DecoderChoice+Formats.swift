import GIFCodec

extension DecoderChoice {
    /// Why this decoder cannot play an animation in `format`, in a clause a refusal line ends with; nil when it can.
    public func refusal(for format: AnimationFormat) -> String? {
        guard format == .webp else { return nil }
        return switch self {
        case .kind(let kind, _): kind.webpRefusal
        case .flanimatedimage:
            "FLAnimatedImage takes GIF data only (its initializer returns nil for a source that is not kUTTypeGIF)"
        case .ylgifimage: "YLGIFImage reads GIF only (its frame delays come from kCGImagePropertyGIFDictionary)"
        // Kingfisher plays WebP through KingfisherWebP, SDWebImage through SDWebImageWebPCoder.
        case .kingfisher, .sdwebimage, .described, .registered, .calibration: nil
        }
    }

    /// Throws the one-line refusal when this decoder cannot play `format`.
    public func checkPlays(_ format: AnimationFormat) throws(GIFError) {
        if let reason = refusal(for: format) { throw .formatNotPlayed(player: name, format: format.displayName, reason: reason) }
    }
}

extension AnimationFormat {
    /// The format as people write it: `GIF`, `WebP`.
    public var displayName: String {
        switch self {
        case .gif: "GIF"
        case .webp: "WebP"
        }
    }
}
