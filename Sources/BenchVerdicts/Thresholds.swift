import CaseModel
import BenchPlan
import BenchRunning
import Foundation

/// How one metric is gated.
public struct GateRule: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable {
        /// Nearly deterministic figures (memory, malloc counts): the median may grow by at most `limit` (a fraction).
        case relative
        /// Noisy figures (CPU, wall): a regression only when the bootstrap confidence interval of the relative
        /// change of the median lies entirely above `limit` (the noise band), as criterion.rs decides.
        case bootstrap
        /// Figures near zero with either sign (retained bytes): a regression when the median grows by more than
        /// `minimumAbsoluteChange`, whatever that is in percent.
        case absolute
    }

    /// The measure judged, or its same-run ratio to eager's.
    public var metric: GatedFigure
    public var kind: Kind
    /// The allowed growth (relative) or the noise band (bootstrap), as a fraction: 0.05 = 5%.
    public var limit: Double
    /// Changes smaller than this, in the metric's unit, are never a regression (0 B retained becoming 4 KiB is not
    /// +∞%).
    public var minimumAbsoluteChange: Double
    /// The figure depends on the host's speed (absolute times, and CPU ratios, which move too: see docs/gating.md):
    /// gated only when ``TimeGating`` allows it, reported otherwise. The JSON name is kept from the first schema.
    public var machineDependent: Bool
    /// Timing rules: a case whose baseline CPU time (median `cpu_total_s`) is below this many seconds is too short
    /// to gate — scheduling noise alone moves a 3 ms measurement by 100%.
    public var minimumCPUSeconds: Double
    /// Instruction counts: gated only when both runs counted them in the same ``InstructionContext`` (any machine).
    public var needsSameInstructionContext: Bool?

    public init(metric: GatedFigure, kind: Kind, limit: Double, minimumAbsoluteChange: Double = 0,
                machineDependent: Bool = false,
                minimumCPUSeconds: Double = 0, needsSameInstructionContext: Bool? = nil) {
        self.metric = metric
        self.kind = kind
        self.limit = limit
        self.minimumAbsoluteChange = minimumAbsoluteChange
        self.machineDependent = machineDependent
        self.minimumCPUSeconds = minimumCPUSeconds
        self.needsSameInstructionContext = needsSameInstructionContext
    }

    /// Which way the rule's metric should move: its measure's polarity; a same-run ratio is smaller-is-better.
    public var polarity: Polarity { metric.polarity }
}

/// How the paired gate (`bench gate`) judges one CPU figure: the candidate ÷ base ratio of each round, measured on one
/// machine in one job.
public struct PairedRule: Sendable, Codable, Hashable {
    /// `cpu_total_s` (an interval on the rounds' ratios) or `instructions` (one Callgrind count a side: deterministic).
    public var metric: Measure
    /// The noise band, as a fraction: a regression when the whole interval (or the count's change) lies above it.
    public var limit: Double
    /// Time only: a case whose base takes less CPU than this (median, seconds) is too short to time: it is reported,
    /// and left out of its own verdict and of its setting's aggregate over every GIF.
    public var minimumCPUSeconds: Double
    /// Instructions only: a case's count must also grow by more than this many instructions. A case with a prefetch
    /// thread repeats its count only to within tens of thousands (how often the threads wait on each other), which is
    /// 1% of the smallest GIF; each setting's sum over every GIF is judged without this floor.
    public var minimumAbsoluteChange: Double?
    /// Time only: the band when time is judged pass by pass in warm workers (``limit`` when absent). Narrower than
    /// the rounds' band: the interval over generations of workers already holds what a process's own speed adds.
    public var passLimit: Double?

    public init(metric: Measure, limit: Double, minimumCPUSeconds: Double = 0, minimumAbsoluteChange: Double? = nil,
                passLimit: Double? = nil) {
        self.metric = metric
        self.limit = limit
        self.passLimit = passLimit
        self.minimumCPUSeconds = minimumCPUSeconds
        self.minimumAbsoluteChange = minimumAbsoluteChange
    }
}

/// The gate's rules, as data: loaded from a JSON file or the documented defaults.
public struct Thresholds: Sendable, Codable, Hashable {
    public static let schema = "gif-frame-bench-thresholds/1"
    public var schema: String
    /// Bootstrap confidence level, e.g. 0.95.
    public var confidence: Double
    public var rules: [GateRule]
    /// The paired gate's rules; absent in files written before it, which then get ``defaultPaired``.
    public var paired: [PairedRule]?
    /// The paired gate's confidence level for intervals on the rounds' ratios; absent means 0.99.
    public var pairedConfidence: Double?

    public init(schema: String = Thresholds.schema, confidence: Double, rules: [GateRule], paired: [PairedRule]? = nil,
                pairedConfidence: Double? = nil) {
        self.schema = schema
        self.confidence = confidence
        self.rules = rules
        self.paired = paired
        self.pairedConfidence = pairedConfidence
    }

    /// Paired CPU time in a 1.5% noise band at 99% by rounds (0.5% pass by pass), each case of at least 20 ms (1 ms a
    /// pass) and each setting over all GIFs;
    /// instructions in a 0.5% band, each case growing by 250,000 instructions at least (a threaded case's count moves
    /// by tens of thousands from run to run), and each setting's sum over every GIF. What is measured of
    /// these bands is in Reports/paired-gate/.
    public static let defaultPaired = [
        PairedRule(metric: .cpuTotal, limit: 0.015, minimumCPUSeconds: 0.02, passLimit: 0.005),
        PairedRule(metric: .instructions, limit: 0.005, minimumAbsoluteChange: 250_000),
    ]

    /// The paired rules in force.
    public var pairedRules: [PairedRule] { paired ?? Self.defaultPaired }
    /// The paired confidence in force.
    public var pairedLevel: Double { pairedConfidence ?? 0.99 }

    /// The rules judged against the baseline's figures in a paired gate: all but times and instructions, which are
    /// judged against the base built here.
    public var hostIndependentRules: [GateRule] {
        rules.filter { !$0.machineDependent && $0.needsSameInstructionContext != true }
    }

    /// +5% for memory peaks, +10% for malloc counts, a 10% noise band for CPU and wall time and for the same-run
    /// CPU ratio windowed ÷ eager, timings gated only for cases of at least 20 ms CPU and only on the baseline's host.
    public static let defaults = Thresholds(schema: schema, confidence: 0.95, rules: [
        GateRule(metric: .measure(.jemallocAllocatedPeak), kind: .relative, limit: 0.05,
                 minimumAbsoluteChange: 256 * 1024),
        GateRule(metric: .measure(.jemallocActivePeak), kind: .relative, limit: 0.05,
                 minimumAbsoluteChange: 256 * 1024),
        // RSS is gated as what the case added: the child's start-up RSS (about 9 MiB) moves by 1 MiB with where its
        // binary lies and what the page cache holds, which a 5% rule on the peak of a small case cannot tell apart.
        GateRule(metric: .measure(.rssGrowth), kind: .relative, limit: 0.05, minimumAbsoluteChange: 1024 * 1024),
        // 64 KiB: the harness's own share of this figure moves by up to 34 KiB between repetitions of one case
        // (whether the sampler's 32 KiB timeline was copied); one leaked 160×160 frame (100 KiB) is above it.
        GateRule(metric: .measure(.retainedAfterRelease), kind: .absolute, limit: 0, minimumAbsoluteChange: 64 * 1024),
        GateRule(metric: .measure(.mallocCount), kind: .relative, limit: 0.10, minimumAbsoluteChange: 32),
        // Page faults are the kernel's count, which instructions cannot see (a buffer given back and touched again).
        // Between repetitions and runs of one build they move by a few faults (Reports/page-faults/); 256 is 1 MiB
        // of 4 KiB pages touched afresh.
        GateRule(metric: .measure(.minorFaults), kind: .relative, limit: 0.10, minimumAbsoluteChange: 256),
        GateRule(metric: .measure(.cpuTotal), kind: .bootstrap, limit: 0.10, minimumAbsoluteChange: 0.002,
                 machineDependent: true, minimumCPUSeconds: 0.02),
        GateRule(metric: .measure(.wall), kind: .bootstrap, limit: 0.10, minimumAbsoluteChange: 0.002,
                 machineDependent: true, minimumCPUSeconds: 0.02),
        // Instructions are deterministic to about 10 parts per million on one binary: 2% is a real change, in any
        // case however short, on any machine with the same InstructionContext.
        GateRule(metric: .measure(.instructions), kind: .relative, limit: 0.02, needsSameInstructionContext: true),
        GateRule(metric: .ratioToEager(.cpuTotal), kind: .bootstrap, limit: 0.10, minimumAbsoluteChange: 0.02,
                 machineDependent: true, minimumCPUSeconds: 0.02),
    ], paired: defaultPaired, pairedConfidence: 0.99)

    /// Reads a thresholds file; a missing, corrupt or foreign file is a usage error.
    public static func load(_ path: String) throws(UsageError) -> Thresholds {
        let data = Data(try BaselineFile.readCapped(path, role: "thresholds file"))
        let thresholds: Thresholds
        do { thresholds = try JSONDecoder().decode(Thresholds.self, from: data) } catch {
            throw UsageError("\(path): not a thresholds file (\(BaselineFile.reason(error)))")
        }
        guard thresholds.schema == schema else {
            throw UsageError("\(path): thresholds schema '\(thresholds.schema)' is not '\(schema)'")
        }
        guard (0.5..<1).contains(thresholds.confidence), thresholds.rules.allSatisfy({ $0.limit >= 0 }),
              (0.5..<1).contains(thresholds.pairedLevel), thresholds.pairedRules.allSatisfy({ $0.limit >= 0 && $0.minimumCPUSeconds >= 0 && ($0.passLimit ?? 0) >= 0 }) else {
            throw UsageError("\(path): confidence must be in [0.5, 1) and limits at least 0")
        }
        if let unknown = thresholds.pairedRules.first(where: { ![Measure.cpuTotal, .instructions].contains($0.metric) }) {
            throw UsageError("\(path): a paired rule judges cpu_total_s or instructions, not '\(unknown.metric.column)'")
        }
        if thresholds.rules.contains(where: { $0.minimumAbsoluteChange < 0 })
            || thresholds.pairedRules.contains(where: { ($0.minimumAbsoluteChange ?? 0) < 0 }) {
            throw UsageError("\(path): minimumAbsoluteChange must be at least 0 (a change smaller than it is "
                             + "never a regression)")
        }
        // Two rules for one figure: the gate would judge it twice, by different limits.
        var judged = Set<GatedFigure>()
        for rule in thresholds.rules where !judged.insert(rule.metric).inserted {
            throw UsageError("\(path): two rules judge \(rule.metric); keep one")
        }
        var paired = Set<Measure>()
        for rule in thresholds.pairedRules where !paired.insert(rule.metric).inserted {
            throw UsageError("\(path): two paired rules judge \(rule.metric.column); keep one")
        }
        return thresholds
    }
}
