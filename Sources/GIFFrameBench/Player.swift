@_exported import FrameDecoders
@_exported import GIFCodec
import CaseModel

/// A player of your own, for ``Harness/main(_:defaultArguments:)``: a retention rule the harness plays with real
/// decoding on a background queue, as it plays the libraries' models, or a frame source of your own.
public struct Player: Sendable {
    let registered: RegisteredPlayer

    /// A retention rule named `name` (the `decoder` column and the name `--policies` takes). `make` gets the GIF's
    /// frame count and the bytes of one decoded frame, once per case.
    public static func rule(_ name: String, summary: String = "",
                            _ make: @escaping @Sendable (_ frameCount: Int, _ frameBytes: Int) -> any RetentionRule) -> Player {
        Player(registered: RegisteredPlayer(name: name, summary: summary, making: .rule(make)))
    }

    /// A frame source named `name`, made for each case from the parsed animation (a GIF or a WebP) and the LZW codec
    /// the run chose; `heldBytes` is what it must hold at least (the `frame_bytes_theoretical` column).
    public static func decoder(_ name: String, summary: String = "",
                               heldBytes: @escaping @Sendable (_ container: any AnimationContainer) -> Int = { _ in 0 },
                               _ make: @escaping @Sendable (_ container: any AnimationContainer, _ codec: LZWCodec) throws(GIFError) -> any AnimatedFrameSource) -> Player {
        Player(registered: RegisteredPlayer(name: name, summary: summary,
                                            making: .decoder(make: make, heldBytes: heldBytes)))
    }

    public var name: String { registered.name }
}
