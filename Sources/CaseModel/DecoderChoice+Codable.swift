import FrameDecoders
import PlayerModels

/// The keys of a decoder's one-key object: a kind's name (`windowed`, `windowedAll`) or a player's.
private extension NamedKey {
    static let calibration = NamedKey("calibration"), kingfisher = NamedKey("kingfisher"), flanimatedimage = NamedKey("flanimatedimage"),
               sdwebimage = NamedKey("sdwebimage"), ylgifimage = NamedKey("ylgifimage"), described = NamedKey("described"),
               registered = NamedKey("registered")

    /// A kind's key: its name, or for one that takes a window, `nameAll` when it keeps every frame.
    static func kind(_ kind: DecoderKind, _ window: PrefetchWindow) -> NamedKey {
        if kind.takesWindow, case .all = window { return NamedKey(kind.name + "All") }
        return NamedKey(kind.name)
    }
}

extension DecoderChoice: Codable {
    private struct Nothing: Codable {}
    private struct Window: Codable { var window: Int }
    private struct Bytes: Codable { var bytes: Int }
    /// `framesAhead` is absent from a report written before it was recorded, and then reads as 0.
    private struct Registered: Codable { var name: String; var frameBytes: Int; var framesAhead: Int? }

    /// The first schema's form, which baselines hold: `{"eager": {}}`, `{"windowed": {"window": 4}}`,
    /// `{"windowedAll": {}}`, `{"calibration": {"bytes": N}}`.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: NamedKey.self)
        switch self {
        case .kind(let kind, .frames(let window)) where kind.takesWindow: try values.encode(Window(window: window),
                                                                                            forKey: .kind(kind, .frames(window)))
        case .kind(let kind, let window): try values.encode(Nothing(), forKey: .kind(kind, window))
        case .calibration(let bytes): try values.encode(Bytes(bytes: bytes), forKey: .calibration)
        case .registered(let name, let frameBytes, let framesAhead):
            try values.encode(Registered(name: name, frameBytes: frameBytes, framesAhead: framesAhead),
                              forKey: .registered)
        case .kingfisher(let settings): try values.encode(KingfisherFields(settings), forKey: .kingfisher)
        case .ylgifimage: try values.encode(Nothing(), forKey: .ylgifimage)
        case .described(let description, let count, let budgetFrames):
            try values.encode(DescribedFields(description: description, count: count, budgetFrames: budgetFrames),
                              forKey: .described)
        case .flanimatedimage(let size, let max):
            try values.encode(FLAnimatedImageFields(cacheSize: size, frameCacheSizeMax: max > 0 ? max : nil),
                              forKey: .flanimatedimage)
        case .sdwebimage(let pool, let size):
            try values.encode(SDWebImageFields(maxBufferCount: pool, maxBufferSize: size > 0 ? size : nil),
                              forKey: .sdwebimage)
        }
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: NamedKey.self)
        for kind in DecoderKind.all {
            if kind.takesWindow, let window = try values.decodeIfPresent(Window.self, forKey: .kind(kind, .frames(1))) {
                self = .kind(kind, .frames(window.window))
                return
            }
            if try values.decodeIfPresent(Nothing.self, forKey: .kind(kind, .all)) != nil {
                self = .kind(kind, .all)
                return
            }
        }
        if let registered = try values.decodeIfPresent(Registered.self, forKey: .registered) {
            self = .registered(name: registered.name, frameBytes: registered.frameBytes,
                               framesAhead: registered.framesAhead ?? 0)
        } else if let block = try values.decodeIfPresent(Bytes.self, forKey: .calibration) {
            self = .calibration(bytes: block.bytes)
        } else if let fields = try values.decodeIfPresent(KingfisherFields.self, forKey: .kingfisher) {
            self = .kingfisher(fields.settings)
        } else if try values.decodeIfPresent(Nothing.self, forKey: .ylgifimage) != nil {
            self = .ylgifimage
        } else if let described = try values.decodeIfPresent(DescribedFields.self, forKey: .described) {
            self = .described(described.description, count: described.count, budgetFrames: described.budgetFrames)
        } else if let cache = try values.decodeIfPresent(FLAnimatedImageFields.self, forKey: .flanimatedimage) {
            self = .flanimatedimage(cacheSize: cache.cacheSize, frameCacheSizeMax: cache.frameCacheSizeMax ?? 0)
        } else if let pool = try values.decodeIfPresent(SDWebImageFields.self, forKey: .sdwebimage) {
            self = .sdwebimage(maxBufferCount: pool.maxBufferCount, maxBufferSize: pool.maxBufferSize ?? 0)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "no decoder named"))
        }
    }
}

private extension DecoderChoice {
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
        var budgetFrames: Int?
    }

    struct SDWebImageFields: Codable {
        var maxBufferCount: Int
        var maxBufferSize: Int?
    }
}
