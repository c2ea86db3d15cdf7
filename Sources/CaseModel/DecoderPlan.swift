import FrameDecoders

/// Which decoder a case plays with.
public enum DecoderChoice: Sendable, Hashable, CustomStringConvertible {
    case eager
    /// The windowed decoder, with a window of frames ahead or keeping every frame once decoded.
    case windowed(PrefetchWindow)
    /// The indexed decoder: each frame's LZW decoded once and its indices kept, composited on display, with a window
    /// of frames ahead (``IndexedDecoder``).
    case indexed(PrefetchWindow)
    /// A library's player, its rule played by ``ModelDecoder``.
    case library(LibraryPlayer)
    /// A player another package registered (``PlayerRegistry``), by name, for frames of `frameBytes`.
    case registered(name: String, frameBytes: Int)
    /// Not a decoder: allocates and touches exactly `bytes` bytes for the whole playback, then frees them,
    /// so a test can check that the probe reports what was really held.
    case calibration(bytes: Int)

    /// The CSV `decoder` column.
    public var name: String {
        switch self {
        case .eager: "eager"
        case .windowed: "windowed"
        case .indexed: "indexed"
        case .library(let player): player.name
        case .registered(let name, _): name
        case .calibration: "calibration"
        }
    }

    /// The CSV `window` column: the window, or the frame count for decoders that hold every frame.
    public func windowColumn(frameCount: Int) -> Int {
        switch self {
        case .eager, .windowed(.all), .indexed(.all): frameCount
        case .windowed(.frames(let window)), .indexed(.frames(let window)): window
        case .library(let player): player.rule(frameCount: frameCount).framesAhead
        case .registered(let name, let frameBytes):
            if case .rule(let make)? = PlayerRegistry.player(named: name)?.making { make(frameCount, frameBytes).framesAhead } else { 0 }
        case .calibration: 0
        }
    }

    public var description: String {
        switch self {
        case .eager: "eager"
        case .windowed(.frames(let window)): "windowed w=\(window)"
        case .windowed(.all): "windowed w=all"
        case .indexed(.frames(let window)): "indexed w=\(window)"
        case .indexed(.all): "indexed w=all"
        case .library(let player): "\(player)"
        case .registered(let name, _): "\(name) (registered)"
        case .calibration(let bytes): "calibration \(bytes) B"
        }
    }
}

/// What chose a case's decoder.
public enum PlanOrigin: Sendable, Hashable {
    /// The user named it: `eager`, a `--windows` value, or `--windows all`.
    case named
    /// A library's rule or a budget chose it for this GIF (`--policies`), by that policy's name (`kingfisher`,
    /// `budget:32MiB`).
    case policy(String)
}

/// A decoder and what chose it: the one description of "how a case decodes", from the suite to the report row.
public struct DecoderPlan: Sendable, Hashable, CustomStringConvertible {
    public var decoder: DecoderChoice
    public var origin: PlanOrigin

    public init(_ decoder: DecoderChoice, origin: PlanOrigin = .named) {
        self.decoder = decoder
        self.origin = origin
    }

    /// The CSV `policy` column: the policy's name, or for a named decoder `eager`, `fixed` (a window) or `all`.
    public var policy: String {
        switch (origin, decoder) {
        case (.policy(let name), _): name
        case (.named, .eager): "eager"
        case (.named, .windowed(.frames)), (.named, .indexed(.frames)): "fixed"
        case (.named, .windowed(.all)), (.named, .indexed(.all)): "all"
        case (.named, .calibration): "calibration"
        case (.named, .library(let player)): player.name
        case (.named, .registered(let name, _)): name
        }
    }

    /// Whether a policy chose the decoder: reports then show the policy beside the decoder.
    public var chosenByPolicy: Bool {
        if case .policy = origin { true } else { false }
    }

    public var description: String {
        if case .library = decoder { return "\(decoder)" }
        return chosenByPolicy ? "\(decoder) (\(policy))" : "\(decoder)"
    }

    /// The same GIF decoded eagerly, as the user would name it: the partner of same-run ratios.
    public static let eager = DecoderPlan(.eager)
}

extension DecoderChoice: Codable {
    private enum Key: String, CodingKey {
        case eager, windowed, windowedAll, indexed, indexedAll, calibration, kingfisher, flanimatedimage, sdwebimage, ylgifimage, described, registered
    }

    private struct Nothing: Codable {}
    private struct Window: Codable { var window: Int }
    private struct Bytes: Codable { var bytes: Int }
    private struct Registered: Codable { var name: String; var frameBytes: Int }

    /// The first schema's form, which baselines hold: `{"eager": {}}`, `{"windowed": {"window": 4}}`,
    /// `{"windowedAll": {}}`, `{"calibration": {"bytes": N}}`.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: Key.self)
        switch self {
        case .eager: try values.encode(Nothing(), forKey: .eager)
        case .windowed(.frames(let window)): try values.encode(Window(window: window), forKey: .windowed)
        case .windowed(.all): try values.encode(Nothing(), forKey: .windowedAll)
        case .indexed(.frames(let window)): try values.encode(Window(window: window), forKey: .indexed)
        case .indexed(.all): try values.encode(Nothing(), forKey: .indexedAll)
        case .calibration(let bytes): try values.encode(Bytes(bytes: bytes), forKey: .calibration)
        case .registered(let name, let frameBytes): try values.encode(Registered(name: name, frameBytes: frameBytes), forKey: .registered)
        case .library(.kingfisher(let settings)): try values.encode(LibraryPlayer.KingfisherFields(settings), forKey: .kingfisher)
        case .library(.ylgifimage): try values.encode(Nothing(), forKey: .ylgifimage)
        case .library(.described(let description, let count)):
            try values.encode(LibraryPlayer.DescribedFields(description: description, count: count), forKey: .described)
        case .library(.flanimatedimage(let size, let max)):
            try values.encode(LibraryPlayer.FLAnimatedImageFields(cacheSize: size, frameCacheSizeMax: max > 0 ? max : nil), forKey: .flanimatedimage)
        case .library(.sdwebimage(let pool, let size)):
            try values.encode(LibraryPlayer.SDWebImageFields(maxBufferCount: pool, maxBufferSize: size > 0 ? size : nil), forKey: .sdwebimage)
        }
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Key.self)
        if try values.decodeIfPresent(Nothing.self, forKey: .eager) != nil {
            self = .eager
        } else if let window = try values.decodeIfPresent(Window.self, forKey: .windowed) {
            self = .windowed(.frames(window.window))
        } else if try values.decodeIfPresent(Nothing.self, forKey: .windowedAll) != nil {
            self = .windowed(.all)
        } else if let window = try values.decodeIfPresent(Window.self, forKey: .indexed) {
            self = .indexed(.frames(window.window))
        } else if try values.decodeIfPresent(Nothing.self, forKey: .indexedAll) != nil {
            self = .indexed(.all)
        } else if let registered = try values.decodeIfPresent(Registered.self, forKey: .registered) {
            self = .registered(name: registered.name, frameBytes: registered.frameBytes)
        } else if let block = try values.decodeIfPresent(Bytes.self, forKey: .calibration) {
            self = .calibration(bytes: block.bytes)
        } else if let fields = try values.decodeIfPresent(LibraryPlayer.KingfisherFields.self, forKey: .kingfisher) {
            self = .library(.kingfisher(fields.settings))
        } else if try values.decodeIfPresent(Nothing.self, forKey: .ylgifimage) != nil {
            self = .library(.ylgifimage)
        } else if let described = try values.decodeIfPresent(LibraryPlayer.DescribedFields.self, forKey: .described) {
            self = .library(.described(described.description, count: described.count))
        } else if let cache = try values.decodeIfPresent(LibraryPlayer.FLAnimatedImageFields.self, forKey: .flanimatedimage) {
            self = .library(.flanimatedimage(cacheSize: cache.cacheSize, frameCacheSizeMax: cache.frameCacheSizeMax ?? 0))
        } else if let pool = try values.decodeIfPresent(LibraryPlayer.SDWebImageFields.self, forKey: .sdwebimage) {
            self = .library(.sdwebimage(maxBufferCount: pool.maxBufferCount, maxBufferSize: pool.maxBufferSize ?? 0))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no decoder named"))
        }
    }
}

extension DecoderPlan {
    /// The `policy` label a named decoder writes, for reading a plan back from its two JSON fields.
    static func origin(ofPolicy label: String, decoder: DecoderChoice) -> PlanOrigin {
        if case .library = decoder { return .policy(label) }
        return DecoderPlan(decoder).policy == label ? .named : .policy(label)
    }
}
