import CaseModel
import FrameDecoders
import PlayerModels

/// Parsing: `bench run --policies` and `bench feed --policies` take the same entries, so a setting is named one way.
extension DecoderSetting {
    /// The models a feed compares when none is named: eager, the project's windowed decoder, and the four libraries.
    public static let feedDefaults: [DecoderSetting] = [.eager, .windowed(.frames(Suite.defaultWindow))]
        + libraryDefaults

    /// The four libraries at their defaults.
    public static let libraryDefaults: [DecoderSetting] = [.kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage]

    /// Parses one `--policies` entry: a decoder kind (`eager`; `windowed`, `windowed:N`, `indexed`, `indexed:N` at a
    /// window of N, default 4), a library with its settings, `NAME:KEY=VALUE[:KEY=VALUE]` (``PolicySettings``, e.g.
    /// `kingfisher:preload=3`), `budget:SIZE`, or a player of `players` by name.
    public init(parsing text: String, players: PlayerRegistry = .none) throws(UsageError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased()
        if let kind = DecoderKind.named(name) {
            guard kind.takesWindow || parts.count == 1 else {
                throw UsageError("'\(text)': \(kind.name) has no settings to change")
            }
            guard parts.count <= 2 else {
                throw UsageError("'\(text)': \(kind.name) takes one window, e.g. \(kind.name):4")
            }
            let window = try parts.count == 2 ? Self.window(parts[1].lowercased(), text) : .frames(Suite.defaultWindow)
            self = .kind(kind, kind.window(window))
            return
        }
        if name == "budget" {
            guard parts.count == 2, let bytes = ByteSize.parse(parts[1]), bytes > 0 else {
                throw UsageError("'\(text)' needs a size from 1B to 1PiB, e.g. budget:32MiB")
            }
            self = .budget(bytes: bytes)
            return
        }
        let registered = players.player(named: parts[0])
        let platform = PlatformPlayer.Engine(rawValue: name)
        guard Self.libraries.contains(name) || platform != nil || registered != nil else {
            throw Self.unknown(text, players: players)
        }
        let settings = try PolicySettings(parts.dropFirst(), of: name, in: text)
        if let platform {
            self = try settings.platform(platform)
            return
        }
        switch name {
        case KingfisherRule.name: self = try settings.kingfisher()
        case FLAnimatedImageRule.name: self = try settings.flanimatedimage()
        case SDWebImageRule.name: self = try settings.sdwebimage()
        case YLGIFImageRule.name:
            guard settings.isEmpty else {
                throw UsageError("'\(text)': \(name) has no settings to change "
                                 + "(its 10 frames ahead are fixed in its source)")
            }
            self = .ylgifimage
        default:
            guard let registered, settings.isEmpty else { throw Self.unknown(text, players: players) }
            self = .registered(registered)
        }
    }

    /// Every entry ``init(parsing:players:)`` takes, for an error that lists them.
    public static func names(players: PlayerRegistry = .none) -> String {
        let kinds = DecoderKind.all.map { $0.takesWindow ? "\($0.name), \($0.name):N" : $0.name }
        return (kinds + libraries + PlatformPlayer.names + ["budget:SIZE"] + players.names).joined(separator: ", ")
    }

    /// Parses a `--policies` entry that may sweep one whole-number setting (`kingfisher:preload=2..12`): one setting
    /// per value, in order.
    public static func parsingSweep(_ text: String, players: PlayerRegistry = .none) throws(UsageError)
        -> [DecoderSetting] {
        var settings: [DecoderSetting] = []
        for entry in try PolicySettings.expand(text) { settings.append(try DecoderSetting(parsing: entry, players: players)) }
        return settings
    }

    /// The libraries `--policies` names, as it spells them: each default's name.
    static let libraries = libraryDefaults.map(\.description)

    /// The one error for an entry nothing in `--policies` takes, listing every entry that it does take.
    static func unknown(_ text: String, players: PlayerRegistry) -> UsageError {
        UsageError("unknown policy '\(text)' (use \(names(players: players)))")
    }

    private static func window(_ text: String, _ whole: String) throws(UsageError) -> PrefetchWindow {
        if text == "all" { return .all }
        guard let frames = Int(text), frames >= 1 else {
            throw UsageError("'\(whole)' needs a window of at least 1 frame or 'all', e.g. windowed:4")
        }
        return .frames(frames)
    }
}
