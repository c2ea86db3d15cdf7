import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCLI
import Foundation
import GIFCodec
import PairedRunning
import SystemFiles

/// `bench gate`: the paired gate. The baseline's commit is built here and played alternately with this build, round
/// by round, so CPU is judged against the baseline's code on this machine; memory, malloc counts and frames are judged
/// against the baseline's figures, which do not depend on the host.
enum GateCommand {
    static let help = """
    Usage: bench gate [--baseline FILE] [--base REV | --base-bench PATH] [--build-base] [--pass-seconds S] [--rounds N] [--samples N]
                      [--instructions]
                      [--instructions-on LIST] [--out DIR] [--summary FILE] [--thresholds FILE] [--allow-unjudged]
                      [--confirm DIR]
                      [--timeout SECONDS]
                      [--slow-windowed X] [--plant-leak SIZE] [--plant-page-faults SIZE] [suite flags of 'bench run': --quick, --gif, --decoders, …]

    Judges this build against a baseline, as CI does. CPU is never compared with numbers from another
    machine: the baseline's commit (or --base REV) is exported from git history and built for release beside
    this build, and both play on this machine in this job. Time is judged pass by pass: for each case, \(PassPairing.defaults.generations)
    pairs of warm workers (one a side, pinned to one CPU, the file loaded once) play measured passes
    alternately A B A B; each case's CPU change is an interval over those pairs of workers, beyond a noise band,
    and each setting's over all GIFs; minor page faults per pass are judged too. A base too old to have warm
    workers is played in rounds of fresh processes instead, and the gate says so. Either way, N rounds of
    fresh processes give what only a fresh process shows: memory, malloc counts, retained bytes and frames,
    judged against the baseline file's figures. With --instructions, one Callgrind count a side.
    Writes DIR/gate.md (every verdict, with the smallest change each row could have caught),
    DIR/passes.csv (every pass), DIR/rounds.csv (each round's paired figures),
    DIR/regressions.tsv (each figure that regressed), DIR/candidate.json and DIR/base.json.

      --baseline FILE      the committed baseline (default: Reports/baseline.json)
      --base REV           the commit to build as the base (default: the one the baseline records)
      --base-bench PATH    a built base 'bench' to use instead of building a commit (bench-case beside it)
      --build-base         build the base (or find its build kept in .build/paired), print its 'bench' and stop:
                           a later gate reuses it, so CI builds it while other work runs
      --pass-seconds S     seconds of warm passes per case, both sides together, 0 to 600; 0 judges time by
                           rounds of fresh processes instead (default: \(Format.fixed(defaultPassSeconds, digits: 0)))
      --rounds N           rounds of alternation, 3 to 200 (default: 3 beside passes, 10 when time is judged by rounds)
      --samples N          child processes per case and side in each round, 1 to 20; the round's figure is the
                           fastest, since another process's interference only adds CPU time (default: 1)
      --instructions       also count every case's instructions on both sides under Callgrind (needs valgrind)
      --instructions-on LIST  count instructions only for these GIFs (by name), e.g. the small ones: Callgrind
                           runs the code about 50 times slower, and a larger GIF runs the same code on more pixels
      --out DIR            where the gate's files go (default: bench-results/gate)
      --summary FILE       also write what changed beyond noise, worst first, for a pull-request comment
      --thresholds FILE    gate rules as JSON, with the paired rules under "paired" (see 'bench compare --help')
      --allow-unjudged     pass even when a figure the gate promises could not be judged (a count missing on
                           one side, too few rounds); by default, as in CI, that fails the gate
      --confirm DIR        a gate run again before failing: a regression in time counts only when the gate whose
                           folder is DIR found the same figure regressed (its regressions.tsv); one found once is
                           listed as unconfirmed. Frames, memory, instructions and broken runs fail as always
      --timeout SECONDS    one side's 'bench run' of one GIF running longer is stopped (default: 1800)
      --slow-windowed X    candidate only: plant a CPU regression, X extra LZW decodes per windowed frame
      --plant-leak SIZE    candidate only: plant a leak of SIZE per case
      --plant-page-faults SIZE  candidate only: touch SIZE of pages and give them back to the kernel once per loop
                           in every case but eager's (page faults, at equal instructions and memory)
    Suite flags go to both sides' 'bench run' (not --repetitions, --out, --shard, --save-baseline, --gate).

    Exit status: 0 no regression, 1 a regression, a broken case or an unjudged figure, 2 bad usage, an unreadable
    file, or a base that cannot be found, built or read (one line saying which).
    """

    static func run(_ arguments: ArgumentList, child: MeasuringChild, players: PlayerRegistry = .none) throws
        -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let options = try Options(&arguments, players: players)
        BuildConfiguration.warnIfDebug(command: "bench gate")
        let baseline = try BaselineFile.load(options.baselinePath, role: "baseline")
        if options.buildBaseOnly {
            // A signal stops the build and the compilers it started, and removes the unfinished folder.
            Interruption.install()
            let progress = ProgressLine()
            guard let base = try interruptible({ () throws(UsageError) in
                try options.baseSide(baseline: baseline, note: { progress.line($0) }, ticking: { progress.update($0) })
            }) else {
                return .internalFailure
            }
            progress.update("")
            Console.output(base.bench)
            return .success
        }
        let session = CommandSession("bench gate")
        let (progress, scratch) = (session.progress, try PrivateDirectory.forRun())
        let output = try session.reportFolder(options.out, writes: options.summary.map { [("--summary", $0)] } ?? [],
                                              reads: [("--baseline", options.baselinePath)])
        // The earlier gate's findings, read before anything is built or run.
        let confirmation = try options.confirm.map { folder throws(UsageError) in
            let path = (folder as NSString).appendingPathComponent(RegressionRecord.fileName)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw UsageError("--confirm \(folder): no \(RegressionRecord.fileName) there to confirm against (a "
                                 + "folder 'bench gate --out' wrote)")
            }
            return (folder: folder, found: try RegressionRecord.parse(text, source: path))
        }
        let gifs = try options.gifFiles(scratch: scratch)
        // The GIFs to count, checked before anything is built or run.
        let counted = try options.instructionGIFs.map { names throws(UsageError) in
            try names.map { name throws(UsageError) in
                guard let gif = gifs.first(where: { $0.name == name }) else {
                    throw UsageError("--instructions-on names '\(name)', which is not in the suite "
                                     + "(\(gifs.map(\.name).joined(separator: ", ")))")
                }
                return gif
            }
        } ?? gifs

        guard let base = try interruptible({ () throws(UsageError) in try options.baseSide(baseline: baseline, note: { progress.line($0) },
                                                                                           ticking: { progress.update($0) }) }) else {
            return .internalFailure
        }
        let candidate = PairedSide(name: "candidate", bench: try ownExecutable(child: child), child: try child.path(),
                                   extraArguments: options.candidateKnobs)
        let candidateOnly = try Self.candidateOnly(gifs, base: base)
        let runner = PairedRunner(base: base, candidate: candidate, gifs: gifs, suiteArguments: options.suiteArguments,
                                  timeout: Double(options.timeout), scratch: scratch.path, samples: options.samples,
                                  candidateOnly: Set(candidateOnly.keys))
        let pairing = try options.passSeconds > 0
            ? Self.pairing(base: base, candidate: candidate, gifs: gifs.filter { candidateOnly[$0.name] == nil },
                           allGIFs: gifs, options: options, scratch: scratch.path) : (pairing: nil,
                                                                                      reason: "--pass-seconds 0")
        let plannedRounds = options.rounds ?? (pairing.pairing == nil ? 10 : 3)
        session.note("\(gifs.count) GIF\(gifs.count == 1 ? "" : "s") × \(plannedRounds) rounds, \(base.name) and "
                     + "the candidate "
                     + "alternately" + (pairing.pairing == nil ? "" : ", then each case pass by pass for about "
                                                                      + "\(Format.duration(options.passSeconds))")
                     + "\(options.countInstructions ? ", then instructions under Callgrind on both" : "")")
        let started = Date()
        let rounds = try runner.rounds(plannedRounds, progress: { progress.update($0) },
                                       roundFinished: { progress.line($0) }, shouldStop: { Interruption.requested })
        let passes = try pairing.pairing.map { pairing throws(UsageError) in
            try pairing.run(progress: { progress.update($0) }, shouldStop: { Interruption.requested })
        }
        if let passes { progress.line("passes done: \(passes.count) cases, "
                                      + "\(passes.reduce(0) { $0 + $1.passes.count }) passes · "
                                      + "\(Format.duration(Date().timeIntervalSince(started))) elapsed") }
        let counts = options.countInstructions && !Interruption.requested
            ? try runner.instructionCounts(of: counted, progress: { progress.line($0) }) : nil
        progress.update("")

        let verdict = PairedGate(baseline: baseline, rounds: rounds, plannedRounds: plannedRounds, instructions: counts,
                                 thresholds: options.thresholds, baseName: base.name,
                                 interrupted: Interruption.requested,
                                 samples: options.samples, candidateOnly: candidateOnly.keys.sorted(), passes: passes,
                                 passFallback: pairing.pairing == nil ? pairing.reason : nil)
        var outcome = verdict.outcome()
        outcome.strict = !options.allowUnjudged
        let found = outcome.regressionRecords
        if let confirmation { outcome = outcome.confirmed(by: confirmation.found, source: confirmation.folder) }
        _ = try session.publish(GateReport(outcome: outcome, baseline: baseline.metadata, rounds: rounds,
                                           instructions: counts, passes: passes ?? [], found: found,
                                           candidate: verdict.candidate, base: verdict.base), to: output)
        session.note("\(rounds.count) rounds\(passes.map { " and \($0.count) cases pass by pass" } ?? "") in "
                     + "\(Format.duration(Date().timeIntervalSince(started))); verdicts in \(options.out)/gate.md")
        let status = try CompareCommand.finish(outcome, summaryPath: options.summary)
        guard !Interruption.requested else {
            Console.error("gate: interrupted after \(rounds.count) of \(plannedRounds) rounds: no verdict (exit 3)")
            return .internalFailure
        }
        return status
    }

    /// Seconds of warm passes per case when `--pass-seconds` is not given.
    static let defaultPassSeconds = 2.0

    /// The base side, or nil when a signal stopped its build: the error said in one line, and the gate exits 3 (it
    /// could not finish), not 2 (bad usage).
    static func interruptible(_ make: () throws(UsageError) -> PairedSide) throws(UsageError) -> PairedSide? {
        do { return try make() } catch {
            guard Interruption.requested else { throw error }
            Console.error(error.description)
            return nil
        }
    }

    /// The inputs other than GIFs that the base cannot read (a WebP, for a base from before WebP), each said in one
    /// line: the candidate plays them alone and their cases are reported as new. Every GIF is played by both sides.
    static func candidateOnly(_ gifs: [(name: String, path: String)],
                              base: PairedSide) throws(UsageError) -> [String: String] {
        var refused: [String: String] = [:]
        for gif in gifs {
            guard let bytes = try? GIFBytes(contentsOfFile: gif.path), AnimationFormat(sniffing: bytes.buffer) != .gif,
                  let reason = base.cannotRead(gif.path) else { continue }
            refused[gif.name] = reason
            Console.note("bench gate: \(base.name) cannot play \(gif.name) (\(reason)): the candidate plays it alone, "
                         + "and its cases are new")
        }
        guard refused.count < gifs.count else {
            throw UsageError("\(base.name) can play none of these inputs (\(refused.values.first ?? "")); pick a newer "
                             + "base with --base REV")
        }
        return refused
    }

    /// The warm workers of both sides, or, when the base has none, why: time is then judged by rounds, and the gate
    /// says so on stderr and in gate.md. The candidate's plan must come: it is this build.
    static func pairing(base: PairedSide, candidate: PairedSide, gifs: [(name: String, path: String)],
                        allGIFs: [(name: String, path: String)],
                        options: Options,
                        scratch: String) throws(UsageError) -> (pairing: PassPairing?, reason: String) {
        guard FileManager.default.isExecutableFile(atPath: base.child) else {
            let reason = "no bench-case beside its bench (\(base.child)) to run as a warm worker"
            Console.note("bench gate: \(base.name): \(reason); CPU time is judged by rounds of fresh processes instead")
            return (nil, reason)
        }
        let basePlan = base.workerPlan(gifs: gifs, suiteArguments: options.suiteArguments,
                                       folder: scratch + "/plan-base", timeout: 600)
        guard let plan = basePlan.plan else {
            Console.note("bench gate: \(base.name): \(basePlan.reason); CPU time is judged by rounds of fresh "
                         + "processes instead")
            return (nil, basePlan.reason)
        }
        let own = candidate.workerPlan(gifs: allGIFs, suiteArguments: options.suiteArguments,
                                       folder: scratch + "/plan-candidate", timeout: 600)
        guard let candidatePlan = own.plan else { throw UsageError("candidate: \(own.reason)") }
        return (PassPairing(base: (plan, base.child, base.name), candidate: (candidatePlan, candidate.child),
                            secondsPerCase: options.passSeconds, timeout: Double(options.timeout)), "")
    }

    /// This process's own program, the candidate side: `bench` beside its measuring child.
    static func ownExecutable(child: MeasuringChild) throws(UsageError) -> String {
        (try child.path() as NSString).deletingLastPathComponent + "/bench"
    }
}
