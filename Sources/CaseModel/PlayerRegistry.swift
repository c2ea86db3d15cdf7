import FrameDecoders
import GIFCodec
import Synchronization

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

/// The players registered in this process, by name. A harness registers them before it runs anything, in the parent
/// and again in each measuring child (the same binary, started again), so a case names its player and the child finds
/// it.
public enum PlayerRegistry {
    private static let players = Mutex<[String: RegisteredPlayer]>([:])

    public static func register(_ player: RegisteredPlayer) {
        players.withLock { $0[player.name] = player }
    }

    public static func player(named name: String) -> RegisteredPlayer? {
        players.withLock { $0[name] }
    }

    /// Every registered name, sorted.
    public static var names: [String] { players.withLock { $0.keys.sorted() } }
}
