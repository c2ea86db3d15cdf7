import FrameDecoders
import GIFCodec

/// A player another package brings (`GIFFrameBench.Harness`): its name, a few words for reports, and how to make it.
public struct RegisteredPlayer: Sendable {
    /// How the harness makes the player for a GIF.
    public enum Making: Sendable {
        /// A retention rule, played by ``ModelDecoder`` with real decoding like the library models; made from the
        /// GIF's frame count and the bytes of one decoded frame.
        case rule(@Sendable (_ frameCount: Int, _ frameBytes: Int) -> any RetentionRule)
        /// A frame source of its own; `heldBytes` is what it must hold at least (the `frame_bytes_theoretical` column).
        case decoder(make: @Sendable (_ container: any AnimationContainer,
                                      _ codec: LZWCodec) throws(GIFError) -> any AnimatedFrameSource,
                     heldBytes: @Sendable (_ container: any AnimationContainer) -> Int)
    }

    public var name: String
    public var summary: String
    public var making: Making

    public init(name: String, summary: String, making: Making) {
        self.name = name
        self.summary = summary
        self.making = making
    }
}

/// The players a program brings, by name: a value the harness makes from its players and hands to the commands and
/// to the measuring child (the same binary, started again, which makes the same value), so a case names its player
/// and both sides find it. `bench` itself has none.
public struct PlayerRegistry: Sendable {
    private var players: [String: RegisteredPlayer] = [:]

    /// No players: `bench`'s own.
    public static let none = PlayerRegistry()

    public init() {}

    /// The registry of `players`; a later player of a name already taken replaces the earlier (the harness refuses
    /// two of one name before it makes this).
    public init(_ players: [RegisteredPlayer]) {
        for player in players { self.players[player.name] = player }
    }

    public func player(named name: String) -> RegisteredPlayer? { players[name] }

    /// Every registered name, sorted.
    public var names: [String] { players.keys.sorted() }
}

extension RegisteredPlayer {
    /// How many frames ahead the player's rule keeps for a GIF of `frameCount` frames of `frameBytes` each (the CSV
    /// `window` column); 0 for a frame source of its own, which has no rule to ask.
    public func framesAhead(frameCount: Int, frameBytes: Int) -> Int {
        if case .rule(let make) = making { make(frameCount, frameBytes).framesAhead } else { 0 }
    }
}

/// Two registered players are one when they have one name: a registry holds one player per name.
extension RegisteredPlayer: Hashable {
    public static func == (left: RegisteredPlayer, right: RegisteredPlayer) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
