import FrameDecoders

/// Which decoder a case plays with.
public enum DecoderChoice: Sendable, Hashable, CustomStringConvertible {
    /// One of this package's decoder kinds (``DecoderKind/all``) with its window of frames ahead: `.all` keeps every
    /// frame once decoded, and is the only window of a kind that takes none (eager).
    case kind(DecoderKind, PrefetchWindow)
    /// A library's player, its rule played by ``ModelDecoder``.
    case library(LibraryPlayer)
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

    /// The CSV `decoder` column.
    public var name: String {
        switch self {
        case .kind(let kind, _): kind.name
        case .library(let player): player.name
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
        case .library(let player): player.rule(frameCount: frameCount).framesAhead
        case .registered(_, _, let framesAhead): framesAhead
        case .calibration: 0
        }
    }

    public var description: String {
        switch self {
        case .kind(let kind, _) where !kind.takesWindow: kind.name
        case .kind(let kind, .frames(let window)): "\(kind.name) w=\(window)"
        case .kind(let kind, .all): "\(kind.name) w=all"
        case .library(let player): "\(player)"
        case .registered(let name, _, _): "\(name) (registered)"
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
        case (.named, .kind(let kind, _)) where !kind.takesWindow: kind.name
        case (.named, .kind(_, .frames)): "fixed"
        case (.named, .kind(_, .all)): "all"
        case (.named, .calibration): "calibration"
        case (.named, .library(let player)): player.name
        case (.named, .registered(let name, _, _)): name
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
        case .library(.kingfisher(let settings)): try values.encode(LibraryPlayer.KingfisherFields(settings),
                                                                    forKey: .kingfisher)
        case .library(.ylgifimage): try values.encode(Nothing(), forKey: .ylgifimage)
        case .library(.described(let description, let count)):
            try values.encode(LibraryPlayer.DescribedFields(description: description, count: count), forKey: .described)
        case .library(.flanimatedimage(let size, let max)):
            try values.encode(LibraryPlayer.FLAnimatedImageFields(cacheSize: size,
                                                                  frameCacheSizeMax: max > 0 ? max : nil),
                              forKey: .flanimatedimage)
        case .library(.sdwebimage(let pool, let size)):
            try values.encode(LibraryPlayer.SDWebImageFields(maxBufferCount: pool,
                                                             maxBufferSize: size > 0 ? size : nil), forKey: .sdwebimage)
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
        } else if let fields = try values.decodeIfPresent(LibraryPlayer.KingfisherFields.self, forKey: .kingfisher) {
            self = .library(.kingfisher(fields.settings))
        } else if try values.decodeIfPresent(Nothing.self, forKey: .ylgifimage) != nil {
            self = .library(.ylgifimage)
        } else if let described = try values.decodeIfPresent(LibraryPlayer.DescribedFields.self, forKey: .described) {
            self = .library(.described(described.description, count: described.count))
        } else if let cache = try values.decodeIfPresent(LibraryPlayer.FLAnimatedImageFields.self, forKey: .flanimatedimage) {
            self = .library(.flanimatedimage(cacheSize: cache.cacheSize,
                                             frameCacheSizeMax: cache.frameCacheSizeMax ?? 0))
        } else if let pool = try values.decodeIfPresent(LibraryPlayer.SDWebImageFields.self, forKey: .sdwebimage) {
            self = .library(.sdwebimage(maxBufferCount: pool.maxBufferCount, maxBufferSize: pool.maxBufferSize ?? 0))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "no decoder named"))
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
