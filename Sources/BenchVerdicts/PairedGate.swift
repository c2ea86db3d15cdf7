import CaseModel
import BenchPlan
import BenchRunning
import PairedRunning

/// A paired gate's whole verdict: CPU judged by the paired rounds against the base built here, everything that does
/// not depend on the host judged against the baseline's figures, and a run short of its plan judged incomplete.
public struct PairedGate: Sendable {
    public let baseline: RunReport
    public let rounds: [PairedRound]
    public let plannedRounds: Int
    public let instructions: PairedRound?
    public let thresholds: Thresholds
    /// How the base is named in the report ("base 768f7bf8d46d").
    public let baseName: String
    public let interrupted: Bool
    /// Child processes per case, side and round; the fastest of them is the round's figure.
    public let samples: Int
    /// Inputs the base cannot play, which the candidate played alone (their cases are new).
    public let candidateOnly: [String]
    /// The candidate's rounds as one report, each round's samples its repetitions, planned as `plannedRounds` × samples
    /// repetitions of each case;
    /// joined once, since a report summarises its rows (bootstrap intervals) when it is made.
    public let candidate: RunReport
    /// The base's rounds as one report.
    public let base: RunReport
    /// Each case's warm passes, which judge CPU time and page faults when both sides speak the pass protocol; nil when
    /// the gate fell back to judging time by rounds.
    public let passes: [PassSeries]?
    /// Why there are no passes, in a few words, when there are none.
    public let passFallback: String?

    public init(baseline: RunReport, rounds: [PairedRound], plannedRounds: Int, instructions: PairedRound?,
                thresholds: Thresholds, baseName: String, interrupted: Bool, samples: Int = 1,
                candidateOnly: [String] = [],
                passes: [PassSeries]? = nil, passFallback: String? = nil) {
        self.passes = passes
        self.passFallback = passFallback
        self.candidateOnly = candidateOnly
        self.baseline = baseline
        self.rounds = rounds
        self.plannedRounds = plannedRounds
        self.instructions = instructions
        self.thresholds = thresholds
        self.baseName = baseName
        self.interrupted = interrupted
        self.samples = samples
        candidate = Self.joined(rounds.map(\.candidate), planned: plannedRounds * samples)
        base = Self.joined(rounds.map(\.base), planned: plannedRounds * samples)
    }

    /// Which mode measured time, and what the rounds of fresh processes measured.
    var timeScope: String {
        guard let passes else {
            return "\(rounds.count) rounds, the two sides alternating GIF by GIF"
                + (samples > 1 ? ", each side's figure the fastest of \(samples) child processes" : "")
                + (passFallback.map { " (not pass by pass: \($0))" } ?? "")
        }
        let counts = passes.map(\.passes.count)
        let generations = passes.map { $0.generations.count }.max() ?? 0
        return "CPU time and page faults pass by pass, \(counts.min() ?? 0) to \(counts.max() ?? 0) passes a case (A B "
               + "A B …) by \(generations) "
            + "pairs of warm workers pinned to one CPU, the interval over those pairs; memory, malloc counts and "
            + "first frames from "
            + "\(rounds.count) rounds of fresh processes"
    }

    static func joined(_ reports: [RunReport], planned: Int) -> RunReport {
        guard let first = reports.first else {
            return RunReport(metadata: RunMetadata.current(command: "bench gate"), results: [], incomplete: true)
        }
        var metadata = first.metadata
        let results = reports.flatMap(\.results)
        metadata.plan = RunPlan(cases: Set(results.map(\.benchCase.identity)).count, repetitions: planned)
        return RunReport(metadata: metadata, results: results, incomplete: reports.contains(where: \.incomplete))
    }

    public func outcome() -> GateOutcome {
        let figures = Thresholds(confidence: thresholds.confidence, rules: thresholds.hostIndependentRules)
        var outcome = Gate.compare(baseline: baseline, current: candidate, thresholds: figures)
        outcome.comparisons += PairedJudge.judge(rounds: passes == nil ? rounds : [], instructions: instructions,
                                                 thresholds: thresholds)
        if let passes {
            let faults = thresholds.rules.first { $0.metric == .measure(.minorFaults) }
            for (index, rule) in thresholds.pairedRules.filter({ $0.metric != .instructions }).enumerated() {
                outcome.comparisons += PassJudge.judge(passes, rule: rule, faults: index == 0 ? faults : nil,
                                                       confidence: thresholds.pairedLevel)
            }
        }
        outcome.incomplete = outcome.incomplete || interrupted
        if rounds.count < plannedRounds && !interrupted {
            outcome.shortfalls.insert("\(rounds.count) of \(plannedRounds) rounds", at: 0)
        }
        outcome.timesGated = true
        outcome.cpuScope = "CPU is judged paired against \(baseName), built and run on this machine in this job: " + timeScope
            + (instructions == nil ? "; instructions were not counted (--instructions)" : ", and instructions counted under Callgrind on both sides")
            + (candidateOnly.isEmpty ? "" : "; \(candidateOnly.joined(separator: ", ")) the base cannot play: played "
                                            + "by the candidate alone, new, not judged")
        return outcome
    }
}

/// Each round's paired CPU figures as CSV: what the intervals in gate.md were computed from.
public enum PairedRoundsCSV {
    public static func render(_ rounds: [PairedRound], instructions: PairedRound?) -> String {
        var lines = ["round,gif,setting,metric,base,candidate,ratio"]
        func add(_ round: String, _ pair: PairedRound, _ measure: Measure) {
            let base = PairedJudge.rows(pair.base), candidate = PairedJudge.rows(pair.candidate)
            for key in PairedJudge.keys([pair.candidate]) {
                guard let b = base[key]?[measure], let c = candidate[key]?[measure], b > 0 else { continue }
                lines.append([round, Format.csvField(key.gif), Format.csvField(key.setting), measure.column, "\(b)", "\(c)", "\(c / b)"].joined(separator: ","))
            }
        }
        for (index, round) in rounds.enumerated() { add("\(index + 1)", round, .cpuTotal) }
        if let instructions { add("instructions", instructions, .instructions) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Each warm pass's figures as CSV, in the order they ran: what the pass-by-pass intervals in gate.md were computed
/// from.
public enum PassesCSV {
    public static func render(_ series: [PassSeries]) -> String {
        var lines = ["gif,setting,generation,pass,side,cpu_s,wall_s,minor_faults,voluntary_switches"]
        for pairs in series {
            for (index, pass) in pairs.passes.enumerated() {
                lines.append([Format.csvField(pairs.identity.gif), Format.csvField(pairs.identity.setting),
                              "\(pass.generation + 1)",
                              "\(index + 1)", pass.isBase ? "base" : "candidate", "\(pass.figures.cpuSeconds)",
                              "\(pass.figures.wallSeconds)",
                              "\(Int(pass.figures.minorFaults))",
                              "\(Int(pass.figures.voluntarySwitches))"].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
