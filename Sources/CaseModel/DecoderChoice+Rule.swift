import FrameDecoders

/// A library's player, a player file and a registered retention rule are one thing to the harness: a rule that
/// ``ModelDecoder`` plays with real decoding. This is where a choice becomes that rule, so building the decoder, its
/// held bytes, its window column and its replay ask one question instead of each telling the origins apart.
extension DecoderChoice {
    /// The rule this choice plays for a GIF of `frameCount` frames; nil for a decoder kind, a registered frame source
    /// of its own (or a name `players` lacks) and the calibration block.
    public func retentionRule(frameCount: Int, players: PlayerRegistry) -> (any RetentionRule)? {
        switch self {
        case .registered(let name, let frameBytes, _):
            if case .rule(let make)? = players.player(named: name)?.making { make(frameCount, frameBytes) } else { nil }
        default: libraryRule(frameCount: frameCount)
        }
    }

    /// Whether ``retentionRule(frameCount:players:)`` has a rule for this choice.
    public func playsARule(players: PlayerRegistry) -> Bool {
        switch self {
        case .registered(let name, _, _): if case .rule? = players.player(named: name)?.making { true } else { false }
        default: isLibrary
        }
    }
}
