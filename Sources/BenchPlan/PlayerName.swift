import CaseModel
import PlayerModels

/// The rule for naming a player of one's own, a player file's or another package's: a word that `--policies` and a CSV
/// column hold as it is, and not the name of a built-in decoder, player or policy, since a row names its player.
public enum PlayerName {
    static let builtIn: Set<String> = Set(DecoderKind.all.map(\.name)).union(["calibration", "budget",
                                                                              KingfisherRule.name,
                                                                              FLAnimatedImageRule.name,
                                                                              SDWebImageRule.name, YLGIFImageRule.name])
        .union(PlatformPlayer.names)

    /// Why `name` cannot name a player, as one sentence whose subject is `subject` ("'name'", "a player's name"); nil
    /// when it can.
    public static func problem(_ name: String, subject: String) -> String? {
        guard !name.isEmpty, name.count <= 40, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            return "\(subject) takes 1 to 40 letters, digits, '-', '_' or '.', not '\(name)'"
        }
        guard !builtIn.contains(name.lowercased()) else { return "'\(name)' is a built-in player's name; give it a "
                                                                 + "name of its own" }
        return nil
    }
}
