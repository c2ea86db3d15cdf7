import BenchCLI
import BenchCommands
import BenchCore
import BenchKit
#if canImport(Glibc)
import Glibc
#endif

/// GIF Frame Bench as a harness for another package's players: call ``main(_:defaultArguments:)`` from your
/// executable, and it is `bench` with your players beside the built-in ones. It measures each case in a child process
/// that is your binary started again, so your players are there too; reports, charts, baselines and `--gate` work as in
/// `bench`. docs/custom-players.md walks through it; Examples/custom-player is a package that does it.
public enum Harness {
    /// Registers `players`, then runs the command line: `bench`'s commands (`run`, `feed`, `compare`, `inspect`, …),
    /// where `--policies` also takes each player's name. With no arguments it runs `defaultArguments` (your cases),
    /// or `run` when they are empty. Started by the harness as a measuring child, it plays one case and exits.
    public static func main(_ players: [Player], defaultArguments: [String] = []) -> Never {
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "harness") } ?? "harness"
        for player in players {
            if let problem = problem(with: player.name) {
                Console.write("\(program): error: \(problem)\n")
                exit(ExitStatus.usage.rawValue)
            }
            PlayerRegistry.register(player.registered)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if ChildEntry.isChild(arguments) { exit(ChildEntry.run(arguments, program: program)) }
        CaseRunner.useChild(CaseRunner.ownExecutable)
        exit(BenchMain.run(arguments.isEmpty ? defaultArguments : arguments))
    }

    /// Why `name` cannot name a player, or nil: it must be a word `--policies` can take and not a built-in name.
    static func problem(with name: String) -> String? {
        let builtIn: Set<String> = ["eager", "windowed", "indexed", "calibration", "budget", KingfisherRule.name, FLAnimatedImageRule.name,
                                    SDWebImageRule.name, YLGIFImageRule.name]
        guard !name.isEmpty, name.count <= 40, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            return "a player's name takes 1 to 40 letters, digits, '-', '_' or '.', not '\(name)'"
        }
        guard !builtIn.contains(name.lowercased()) else { return "'\(name)' is a built-in player's name; give yours a name of its own" }
        guard PlayerRegistry.player(named: name) == nil else { return "two players are named '\(name)'" }
        return nil
    }
}
