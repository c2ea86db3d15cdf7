import BenchRunning
import CaseModel
import BenchPlan
import Foundation

/// One side of a paired gate: a `bench` program and the flags only it gets (a planted fault on the candidate).
public struct PairedSide: Sendable {
    /// "base 768f7bf8d46d" or "candidate".
    public var name: String
    public var bench: String
    public var extraArguments: [String]
    /// `--warmup 0` when this side's `bench run` takes `--warmup` (a base from before it does not): the gate's
    /// alternation already treats both sides alike, and a warm-up child per round would double the gate's time.
    public var noWarmUp: [String]

    /// The commit this side's program was built from, when the gate built it: its reports are labelled with it,
    /// whatever the program itself records (a base from before bench recorded its build's commit read the folder's).
    public var commit: String?

    /// This side's measuring child, which its warm workers run: `bench-case` beside its `bench` unless given.
    public var child: String

    public init(name: String, bench: String, child: String? = nil, extraArguments: [String] = [],
                commit: String? = nil) {
        self.name = name
        self.bench = bench
        self.child = child ?? (bench as NSString).deletingLastPathComponent + "/bench-case"
        self.extraArguments = extraArguments
        self.commit = commit
        let help = try? ChildProcess.run(bench, ["run", "--help"], timeout: 60)
        noWarmUp = help.map { String(decoding: $0.standardOutput, as: UTF8.self).contains("--warmup N") } == true ? ["--warmup", "0"] : []
    }

    /// `bench run` over `gifs` with the suite's flags and this side's own (a planted fault, say): the words every run
    /// of this side's starts with.
    func runArguments(gifs: [(name: String, path: String)], suiteArguments: [String]) -> [String] {
        ["run"] + gifs.flatMap { ["--gif", $0.path] } + suiteArguments + extraArguments
    }

    /// This side's cases of `gifs` and its warm workers' command lines (`bench run --worker-plan`), or, in one line,
    /// why it has none: a base from before the pass protocol does not know the flag, and the gate falls back to rounds.
    public func workerPlan(gifs: [(name: String, path: String)], suiteArguments: [String], folder: String,
                           timeout: Double) -> (plan: WorkerPlan?, reason: String) {
        let arguments = runArguments(gifs: gifs, suiteArguments: suiteArguments) + ["--worker-plan", "--out", folder]
        guard let outcome = try? ChildProcess.run(bench, arguments, timeout: timeout) else { return (nil, "its bench could not start") }
        if outcome.exitStatus == 0, let plan = WorkerPlan.decode(outcome.standardOutput) { return (plan, "") }
        let said = String(decoding: outcome.standardError, as: UTF8.self)
        if said.contains("--worker-plan") { return (nil, "its bench predates warm workers (no --worker-plan)") }
        return (nil, outcome.exitStatus == 0 ? "its worker plan speaks another protocol than \(PassProtocol.version)"
                     : "bench run --worker-plan failed: \(said.split(separator: "\n").last ?? "no message")")
    }

    /// Why this side cannot play the file at `path`, or nil when `bench inspect` reads it: a base from before WebP
    /// says "not a GIF file".
    public func cannotRead(_ path: String) -> String? {
        guard let outcome = try? ChildProcess.run(bench, ["inspect", path], timeout: 60) else { return "bench inspect could not start" }
        guard outcome.exitStatus != 0 else { return nil }
        let lines = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n")
        guard var reason = lines.last.map(String.init) else { return "bench inspect exited "
                                                                     + "\(outcome.exitStatus.map(String.init) ?? "by signal")" }
        // "bench: error: /tmp/…/x.webp: not a GIF file (…)" → "not a GIF file (…)": the path is the gate's own copy.
        for prefix in ["bench: ", "error: ", path + ": "] where reason.hasPrefix(prefix) { reason.removeFirst(prefix.count) }
        return reason
    }
}

/// Plays a suite with two `bench` programs alternately, GIF by GIF and round by round, each through its own
/// `bench run`; the sides agree only on the report's JSON schema, never on the child protocol.
public struct PairedRunner: Sendable {
    public var base: PairedSide
    public var candidate: PairedSide
    /// GIF name → file; both sides play the same bytes.
    public var gifs: [(name: String, path: String)]
    /// `bench run` flags both sides get (decoders, windows, loops, mode…), without `--gif`, `--out` or `--repetitions`.
    public var suiteArguments: [String]
    /// Seconds one `bench run` may take before it is stopped.
    public var timeout: Double
    /// Where each run's report goes.
    public var scratch: String
    /// Child processes per case, side and round (`bench run --repetitions`); the judge takes the fastest of them.
    public var samples: Int
    /// GIF names the base cannot play (a WebP, for a base from before WebP): the candidate plays them alone, and the
    /// judge reports their cases as new.
    public var candidateOnly: Set<String>

    public init(base: PairedSide, candidate: PairedSide, gifs: [(name: String, path: String)], suiteArguments: [String],
                timeout: Double, scratch: String, samples: Int = 1, candidateOnly: Set<String> = []) {
        self.candidateOnly = candidateOnly
        self.base = base
        self.candidate = candidate
        self.gifs = gifs
        self.suiteArguments = suiteArguments
        self.timeout = timeout
        self.scratch = scratch
        self.samples = samples
    }

    /// Which side goes first for GIF `index` in `round`: the order flips from GIF to GIF and from round to round
    /// (ABBA), so drift over a run and the cache a first run leaves behave alike for both sides.
    public static func baseFirst(round: Int, gif index: Int) -> Bool { (round + index) % 2 == 0 }

    /// `rounds` rounds; each side's reports of one round joined into one report. Stops early, with the rounds that
    /// finished, when `shouldStop` says so. `progress` hears each step (what runs, step n of N, elapsed and about how
    /// long is left); `roundFinished` each round as it ends, with the same timing.
    public func rounds(_ rounds: Int, progress: (String) -> Void, roundFinished: (String) -> Void = { _ in },
                       shouldStop: () -> Bool) throws(UsageError) -> [PairedRound] {
        var finished: [PairedRound] = []
        let clock = StepClock(steps: rounds * (gifs.count * 2 - candidateOnly.count))
        for round in 0..<rounds {
            var baseResults: [CaseResult] = [], candidateResults: [CaseResult] = []
            var baseMetadata: RunMetadata?, candidateMetadata: RunMetadata?
            for (index, gif) in gifs.enumerated() {
                let baseFirst = Self.baseFirst(round: round, gif: index)
                for isBase in [baseFirst, !baseFirst] where !(isBase && candidateOnly.contains(gif.name)) {
                    let side = isBase ? base : candidate
                    if shouldStop() { return finished }
                    progress("round \(round + 1)/\(rounds) · \(gif.name) · \(side.name) · \(clock.status)")
                    let report = try play(side, gifs: [gif], extra: ["--repetitions", "\(samples)"],
                                          label: "round\(round + 1)")
                    clock.stepDone()
                    // Numbered across rounds, so the joined report holds rounds × samples repetitions of each case.
                    let results = report.results.map { result in
                        var numbered = result
                        numbered.benchCase.repetition = round * samples + result.benchCase.repetition
                        return numbered
                    }
                    if isBase {
                        baseResults += results
                        baseMetadata = baseMetadata ?? report.metadata
                        if let commit = base.commit { baseMetadata?.gitCommit = String(commit.prefix(12)) }
                    } else {
                        candidateResults += results
                        candidateMetadata = candidateMetadata ?? report.metadata
                    }
                }
            }
            guard let baseMetadata, let candidateMetadata else { break }
            finished.append(PairedRound(base: RunReport(metadata: baseMetadata, results: baseResults),
                                        candidate: RunReport(metadata: candidateMetadata, results: candidateResults)))
            roundFinished("round \(round + 1)/\(rounds) done · \(clock.status)")
        }
        return finished
    }

    /// Each side's instruction counts over `counted` (a subset of the GIFs), one Callgrind run per case.
    public func instructionCounts(of counted: [(name: String, path: String)],
                                  progress: (String) -> Void) throws(UsageError) -> PairedRound {
        var reports: [RunReport] = []
        for (isBase, side) in [(true, base), (false, candidate)] {
            let gifs = isBase ? counted.filter { !candidateOnly.contains($0.name) } : counted
            progress("instructions · \(side.name): \(gifs.count) GIF\(gifs.count == 1 ? "" : "s") under Callgrind …")
            reports.append(gifs.isEmpty ? RunReport(metadata: RunMetadata.current(command: "bench gate"), results: [])
                           : try play(side, gifs: gifs, extra: ["--repetitions", "1", "--instructions"],
                                      label: "instructions"))
        }
        return PairedRound(base: reports[0], candidate: reports[1])
    }

    /// One `bench run` of `side`, read back through the report's JSON schema; one line when it cannot be read.
    func play(_ side: PairedSide, gifs: [(name: String, path: String)], extra: [String],
              label: String) throws(UsageError) -> RunReport {
        let folder = "\(scratch)/\(label)-\(side.name.replacingOccurrences(of: " ", with: "-"))-\(gifs.count == 1 ? gifs[0].name : "all")"
        let arguments = side.runArguments(gifs: gifs, suiteArguments: suiteArguments + extra)
            + (suiteArguments.contains("--warmup") ? [] : side.noWarmUp) + ["--out", folder]
        let outcome: ChildOutcome
        do { outcome = try ChildProcess.run(side.bench, arguments, timeout: timeout) } catch {
            throw UsageError("\(side.name): \(error)")
        }
        if outcome.timedOut { throw UsageError("\(side.name): bench run took longer than \(Int(timeout)) s "
                                               + "and was stopped") }
        let path = folder + "/results.json"
        guard FileManager.default.fileExists(atPath: path) else {
            let lines = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n")
            let last = lines.last.map(String.init) ?? "no message"
            throw UsageError("\(side.name): bench run \(arguments.dropFirst().joined(separator: " ")) wrote no report "
                             + "(exit \(outcome.exitStatus.map(String.init) ?? "by signal")): \(last)")
        }
        do { return try BaselineFile.load(path, role: "\(side.name) report") } catch {
            let reason = error.description.replacingOccurrences(of: "; make a new one with --save-baseline", with: "")
            throw UsageError("\(side.name) writes reports this bench cannot read, so the two cannot be "
                             + "paired (\(reason)); "
                             + "pick a newer base with --base REV")
        }
    }
}
