import BenchCore
import CaseModel
import BenchPlan
import BenchRunning
import BenchCLI
import BenchCommands
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
        var names: Set<String> = []
        for player in players {
            if let problem = problem(with: player.name, taken: names) {
                Console.write("\(program): error: \(problem)\n")
                exit(ExitStatus.usage.rawValue)
            }
            names.insert(player.name)
        }
        // The registry is a value both sides make from the same list: the parent parses and reports with it, and the
        // measuring child (this binary started again) plays with it.
        let registry = PlayerRegistry(players.map(\.registered))
        let arguments = Array(CommandLine.arguments.dropFirst())
        if ChildEntry.isChild(arguments) { exit(ChildEntry.run(arguments, program: program, players: registry)) }
        exit(BenchMain.run(arguments.isEmpty ? defaultArguments : arguments, child: .program(CaseRunner.ownExecutable),
                           players: registry))
    }

    /// Why `name` cannot name a player, or nil: ``PlayerName``'s rule, and no two players of one name (`taken` holds
    /// the names before it).
    static func problem(with name: String, taken: Set<String>) -> String? {
        if let problem = PlayerName.problem(name, subject: "a player's name") { return problem }
        return taken.contains(name) ? "two players are named '\(name)'" : nil
    }
}
