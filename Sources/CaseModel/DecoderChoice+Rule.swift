import FrameDecoders

/// A library's player, a player file and a registered retention rule are one thing to the harness: a rule that
/// ``ModelDecoder`` plays with real decoding. This is where a choice becomes that rule, so building the decoder, its
/// held bytes, its window column and its replay ask one question instead of each telling the origins apart.
extension DecoderChoice {
    /// The rule this choice plays for a GIF of `frameCount` frames; nil for a decoder kind, a registered frame source
    /// of its own (or a name `players` lacks) and the calibration block.
    public func retentionRule(frameCount: Int, players: PlayerRegistry) -> (any RetentionRule)? {
        switch self {
        case .library(let player): player.rule(frameCount: frameCount)
        case .registered(let name, let frameBytes, _):
            if case .rule(let make)? = players.player(named: name)?.making { make(frameCount, frameBytes) } else { nil }
        case .kind, .calibration: nil
        }
    }

    /// Whether ``retentionRule(frameCount:players:)`` has a rule for this choice.
    public func playsARule(players: PlayerRegistry) -> Bool {
        switch self {
        case .library: true
        case .registered(let name, _, _): if case .rule? = players.player(named: name)?.making { true } else { false }
        case .kind, .calibration: false
        }
    }

    /// The size a rule-played choice keeps its frames at: the case's display, unless the library does not prescale.
    public func heldDisplay(_ display: DisplaySize?) -> DisplaySize? {
        if case .library(let player) = self { player.heldDisplay(display) } else { display }
    }
}
