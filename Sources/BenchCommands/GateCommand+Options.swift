import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BuildProvenance
import BenchVerdicts
import BenchCLI
import Foundation
import SystemFiles
import PairedRunning

extension GateCommand {
    /// Everything `bench gate` was told, validated before anything is built or run.
    struct Options {
        var baselinePath: String
        var base: String?
        var baseBench: String?
        /// `--build-base`: build the base and stop.
        var buildBaseOnly: Bool
        /// `--rounds N`, or nil for the default: 10 when time is judged by rounds, 3 beside passes.
        var rounds: Int?
        /// `--pass-seconds S`: seconds of warm passes per case; 0 judges time by rounds.
        var passSeconds: Double
        /// Child processes per case, side and round.
        var samples: Int
        var countInstructions: Bool
        /// The GIFs whose instructions are counted, or nil for every GIF.
        var instructionGIFs: [String]?
        var out: String
        var summary: String?
        var thresholds: Thresholds
        var allowUnjudged: Bool
        /// `--confirm DIR`: an earlier gate's folder, whose regressions confirm this gate's in time.
        var confirm: String?
        var timeout: Int
        var candidateKnobs: [String]
        var suiteArguments: [String]
        var inputs: [GIFInput]

        /// `bench run` flags the gate sets itself or that make no sense paired.
        static let refused = ["--repetitions", "--save-baseline", "--gate", "--gate-times", "--shard",
                              "--export-github-benchmark", "--export-bmf"]

        init(_ arguments: inout ArgumentList, players: PlayerRegistry) throws {
            baselinePath = try arguments.value("--baseline") ?? "Reports/baseline.json"
            base = try arguments.value("--base")
            baseBench = try arguments.value("--base-bench")
            if base != nil && baseBench != nil { throw UsageError("--base and --base-bench name the base "
                                                                  + "twice; give one") }
            buildBaseOnly = arguments.flag("--build-base")
            rounds = try arguments.integer("--rounds", in: PairedJudge.minimumRounds...200)
            passSeconds = try arguments.value("--pass-seconds").map { text throws(UsageError) in
                guard let seconds = Double(text), seconds.isFinite, (0...600).contains(seconds) else {
                    throw UsageError("--pass-seconds takes seconds from 0 to 600, not '\(text)'")
                }
                return seconds
            } ?? GateCommand.defaultPassSeconds
            samples = try arguments.integer("--samples", in: 1...20) ?? 1
            countInstructions = arguments.flag("--instructions")
            instructionGIFs = try arguments.value("--instructions-on").map { $0.split(separator: ",").map(String.init) }
            if instructionGIFs?.isEmpty == true { throw UsageError("--instructions-on needs at least one GIF name") }
            countInstructions = countInstructions || instructionGIFs != nil
            out = try arguments.value("--out") ?? "bench-results/gate"
            summary = try arguments.value("--summary")
            thresholds = try arguments.value("--thresholds").map { path in try Thresholds.load(path) } ?? .defaults
            allowUnjudged = arguments.flag("--allow-unjudged")
            confirm = try arguments.value("--confirm")
            timeout = try arguments.integer("--timeout", in: OptionRanges.timeoutSeconds) ?? 1800
            candidateKnobs = []
            for knob in ["--slow-windowed", "--plant-leak", "--plant-page-faults"] {
                if let value = try arguments.value(knob) { candidateKnobs += [knob, value] }
            }
            for flag in Self.refused where arguments.rest.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) {
                throw UsageError("bench gate does not take \(flag): it sets each side's runs itself (see "
                                 + "'bench gate --help')")
            }
            // The suite as both sides will play it, parsed here so a bad flag fails now and not in round 1.
            var suite = arguments.handingOn(adding: candidateKnobs)
            let parsed = try RunCommand.Options(&suite, players: players)
            try suite.finish(command: "gate")
            inputs = parsed.inputs
            var withoutInputs = ArgumentList(arguments.rest)
            _ = try withoutInputs.values("--gif")
            _ = try withoutInputs.values("--corpus")
            suiteArguments = withoutInputs.rest
            arguments = ArgumentList([])
        }

        /// Every input on disk (synthetic GIFs encoded into `scratch`), by the name both sides' reports will give it.
        func gifFiles(scratch: PrivateDirectory) throws -> [(name: String, path: String)] {
            let files = try CorpusFiles(inputs, scratch: scratch)
            return try inputs.map { input throws(UsageError) in
                guard let path = files.paths[input.name] else { throw UsageError("\(input.name): could not be put on "
                                                                                 + "disk for both sides") }
                let stem = GIFInputs.name(ofFile: (path as NSString).lastPathComponent)
                guard stem == input.name else {
                    throw UsageError("bench gate plays each GIF alone, where it is named by its file name: "
                                     + "'\(input.name)' would become "
                                     + "'\(stem)'; give GIFs distinct file names")
                }
                return (input.name, path)
            }
        }

        /// The base: a given program, or the baseline's commit (or `--base`) built from this repository's history.
        func baseSide(baseline: RunReport, note: (String) -> Void,
                      ticking: (String) -> Void = { _ in }) throws(UsageError) -> PairedSide {
            if let baseBench {
                // A folder is "executable" to access(2) too: a base program is a regular file.
                let kind = FileKind.of(baseBench, followingLinks: true)
                guard kind == .regular, FileManager.default.isExecutableFile(atPath: baseBench) else {
                    throw UsageError("--base-bench \(baseBench): not an executable file" + (kind == .directory ? " (a directory; name the bench program in it)" : ""))
                }
                return PairedSide(name: "base", bench: baseBench)
            }
            guard let revision = base ?? baseline.metadata.gitCommit else {
                throw UsageError("\(baselinePath) records no commit to build as the base; name one with --base REV")
            }
            let recorded = revision.hasSuffix(RunMetadata.dirtySuffix) ? String(revision.dropLast(RunMetadata.dirtySuffix.count)) : revision
            if base == nil, !BaseBuild.isCommitHash(recorded) {
                throw UsageError("\(baselinePath) records '\(Console.visible(revision))' as its commit, not a commit "
                                 + "hash: a branch or ref "
                                 + "moves, so the base would too; save the baseline again, or name the base "
                                 + "with --base REV")
            }
            let repository = try BaseBuild.repository(containing: BuildProvenance.packageDirectory)
            let commit = try BaseBuild.resolve(revision, repository: repository)
            let build = try BaseBuild.build(commit: commit, repository: repository, note: note, ticking: ticking,
                                            shouldStop: { Interruption.requested })
            return PairedSide(name: "base \(commit.prefix(12))", bench: build.bench, commit: commit)
        }
    }
}
