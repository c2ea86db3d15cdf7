import CaseModel
import BenchPlan
import BenchRunning
import BenchCLI
import GIFCodec
import BenchSpeed
import MemoryProbe
#if canImport(Glibc)
import Glibc
#endif

/// Dispatches `bench <command>` and turns errors into one line on stderr and an exit status.
enum BenchCommand {
    static let overview = """
    bench: measure what playing an animated GIF costs, eager vs windowed prefetch

    Usage:
      bench                           run the default suite (same as 'bench run') and write bench-results/latest/;
                                      'bench --windows 4' is 'bench run --windows 4'
      bench run [options]             run a suite; see 'bench run --help'
      bench gate [--instructions]     the paired gate: this build against the baseline's commit, built and
                                      played alternately on this machine (what CI runs); see 'bench gate --help'
      bench compare --baseline FILE   compare a run with a baseline and gate regressions
      bench merge DIR... --out DIR    join the reports of 'bench run --shard i/n' into one
      bench feed [options]            many players at once, as in a scrolling feed; see 'bench feed --help'
      bench cache [--gif FILE|DIR]... the image-cache store path: costs and GIF fidelity
      bench inspect FILE|NAME          container facts, or with --hashes one '<index> <hash>' line per frame
      bench corpus --out DIR          write the synthetic corpus as .gif files
      bench speed [--gif FILE|DIR]... decode-and-composite throughput vs a C loop over giflib
      bench sampler-cost [--gif FILE] CPU cost of the memory sampler itself, sampler on vs off
      bench schema results|feed       the JSON Schema of results.json or feed.json (docs/*.schema.json)
      bench help COMMAND              a command's options (as 'bench COMMAND --help'; -h works too)
      bench --version (-V, version)   this build's version, the commit it was built from and the libraries it uses
      bench --help                    this text

    Any command takes --quiet: no progress or notices on stderr, only errors.
    """

    /// The tool's version; the commit is read from the checkout at run time.
    static let version = "0.10.0"

    /// `bench --version`: the version, the commit this build was made from, the codec and libraries.
    static func versionText() -> String {
        let jemalloc = (try? Jemalloc.version()) ?? "unavailable"
        return """
        bench (GIF Frame Bench) \(version)
        commit: \(RunMetadata.gitCommit() ?? "unknown (built outside a git checkout)")
        libraries: giflib \(GIFCodecInfo.giflibVersion), jemalloc \(jemalloc); Swift \(RunMetadata.swiftVersion)
        LZW codecs: fast (this project's, the default), giflib (DGifGetLine)
        """
    }

    static let helpWords: Set<String> = ["--help", "-h", "help", "--version", "version", "-V"]

    /// The commands, as the overview lists them: what a mistyped one is matched against.
    static let commands = ["run", "gate", "compare", "merge", "feed", "cache", "inspect", "corpus", "speed",
                           "sampler-cost", "schema", "help", "version"]

    /// Runs `arguments`; `given` is the command line as the user typed it (`bench --windows 4` runs as `bench run
    /// --windows 4`, and is recorded as typed).
    static func run(_ arguments: [String], child: MeasuringChild, players: PlayerRegistry = .none,
                    given: [String]? = nil) -> ExitStatus {
        let commandLine = (["bench"] + (given ?? arguments)).joined(separator: " ")
        // --quiet goes with any command: no progress or notices on stderr, only errors; results still go to stdout.
        var arguments = arguments
        if arguments.contains("--quiet") {
            Console.beQuiet()
            arguments.removeAll { $0 == "--quiet" }
        }
        do {
            if !helpWords.contains(arguments.first ?? "") { try DescriptorLimit.ensure() }
            guard let command = arguments.first else { return try RunCommand.run(ArgumentList([], commandLine: commandLine), child: child,
                                                                        players: players) }
            // `bench --windows 4` is `bench run --windows 4`, as `bench` alone is `bench run`.
            if command.hasPrefix("--"), !helpWords.contains(command) { return run(["run"] + arguments, child: child, players: players, given: given ?? arguments) }
            let rest = ArgumentList(arguments.dropFirst(), commandLine: commandLine)
            if !helpWords.contains(command), !arguments.contains("--help"), !arguments.contains("-h") { try CommandFiles.check(rest) }
            switch command {
            case "--version", "version", "-V": Console.output(versionText()); return .success
            case "help" where arguments.count > 1: return run([arguments[1], "--help"], child: child, players: players)
            case let word where helpWords.contains(word): Console.output(overview); return .success
            case "run": return try RunCommand.run(rest, child: child, players: players)
            case "inspect": return try InspectCommand.run(rest)
            case "corpus": return try CorpusCommand.run(rest)
            case "compare": return try CompareCommand.run(rest)
            case "gate": return try GateCommand.run(rest, child: child, players: players)
            case "merge": return try MergeCommand.run(rest)
            case "feed": return try FeedCommand.run(rest, child: child, players: players)
            case "cache": return try CacheCommand.run(rest)
            case "speed": return try SpeedCommand.run(rest)
            case "sampler-cost": return try SamplerCostCommand.run(rest, child: child)
            case "schema": return try SchemaCommand.run(rest)
            default: throw UsageError("unknown command "
                                      + "'\(Console.visible(command))'\(Suggestion.phrase(for: command, among: commands)) (see 'bench --help')")
            }
        } catch let error as UsageError {
            Console.error(error.description)
            return .usage
        } catch let error as WriteFailure {
            // The work ran; its report could not be written (a full disk, a folder gone): could not finish.
            Console.error(error.description)
            return .internalFailure
        } catch let error as GIFError {
            Console.error(error.explained)
            return .usage
        } catch {
            Console.error("internal failure: \(error)")
            return .internalFailure
        }
    }
}

