import CaseModel
import BenchPlan
import BenchRunning

/// The outcome of comparing a run with a baseline.
public struct GateOutcome: Sendable {
    public var comparisons: [Comparison]
    /// One sentence on how CPU was judged: absolute times gated or only reported, or paired against a base.
    public var cpuScope: String
    /// Absolute CPU and wall times were gated (not only reported).
    public var timesGated: Bool

    /// The current run was interrupted: a partial run proves nothing.
    public var incomplete: Bool
    /// How the current run falls short of its own plan (a missing repetition or case), one line each.
    public var shortfalls: [String] = []
    /// Figures the gate could not judge fail it (CI); otherwise they are listed and pass.
    public var strict = false

    public init(comparisons: [Comparison], cpuScope: String, timesGated: Bool, incomplete: Bool,
                shortfalls: [String] = [], strict: Bool = false) {
        self.comparisons = comparisons
        self.cpuScope = cpuScope
        self.timesGated = timesGated
        self.incomplete = incomplete
        self.shortfalls = shortfalls
        self.strict = strict
    }

    public var regressions: [Comparison] { comparisons.filter { $0.verdict == .regressed } }
    public var improvements: [Comparison] { comparisons.filter { $0.verdict == .improved } }
    /// Failed and missing cases.
    public var brokenCases: [Comparison] { comparisons.filter { $0.verdict == .failed || $0.verdict == .missing } }
    /// Figures the gate promised and could not judge.
    public var unjudged: [Comparison] { comparisons.filter { $0.verdict == .unjudged } }

    /// Each reason the gate fails, one line each: a broken run first, then regressions, worst first.
    public var causes: [String] {
        var causes = incomplete ? ["the current run is incomplete (interrupted)"] : []
        causes += shortfalls.map { "the current run is incomplete: \($0)" }
        causes += brokenCases.map { "\($0.gif) · \($0.setting): "
                                    + "\($0.verdict.rawValue)\($0.note.map { " (\($0))" } ?? "")" }
        if strict {
            causes += unjudged.map { "\($0.gif) · \($0.setting): \($0.metric) not judged "
                                     + "(\($0.note ?? "no reason given"))" }
        }
        causes += regressions.sorted { ($0.change ?? .infinity) > ($1.change ?? .infinity) }.map { row in
            "\(row.gif) · \(row.setting): \(row.metric) regressed "
            + "\(row.change.map { $0.isFinite ? Format.percent($0) : "from 0 to \(Format.fixed(row.current ?? 0, digits: 0))" } ?? "")"
                + (row.note.map { " (\($0))" } ?? "")
        }
        return causes
    }

    /// No cause to fail: nothing regressed, failed or went missing.
    public var passed: Bool { causes.isEmpty }
}

/// Decides, metric by metric, whether a run regressed against a baseline (docs/gating.md).
public enum Gate {
    /// Compares `current` with `baseline`. Rules that depend on the host's speed apply only as `timeGating` says: by
    /// default they are reported, not judged. A current case with planted faults is compared with the clean case.
    public static func compare(baseline: RunReport, current: RunReport, thresholds: Thresholds = .defaults,
                               timeGating: TimeGating = .never) -> GateOutcome {
        let gateTimes = timeGating == .always
        let instructionsUngated = instructionsUngatedReason(baseline.metadata, current.metadata)
        let base = Samples(baseline.results), now = Samples(current.results)
        var comparisons = failedCases(current.results)
        let failedKeys = Set(current.results.filter { $0.failure != nil }.map { $0.benchCase.identity.unplanted })
        for key in now.keys + base.keys.filter({ !now.groups.keys.contains($0) && !failedKeys.contains($0) }) {
            let scope = Comparison.Scope.one(key)
            guard base.groups[key] != nil else {
                comparisons.append(Comparison(scope: scope, metric: .wholeCase, unit: .text, verdict: .new))
                continue
            }
            guard now.groups[key] != nil else {
                comparisons.append(Comparison(scope: scope, metric: .wholeCase, unit: .text, verdict: .missing))
                continue
            }
            if let frames = framesComparison(base.groups[key]!, now.groups[key]!, scope: scope) {
                comparisons.append(frames)
            }
            for rule in thresholds.rules {
                let before = base.values(rule.metric, key), after = now.values(rule.metric, key)
                if rule.needsSameInstructionContext == true, let reason = instructionsUngated ?? (before.isEmpty || after.isEmpty
                    ? "not counted in the \(before.isEmpty ? "baseline" : "current run")" : nil) {
                    guard !before.isEmpty || !after.isEmpty else { continue }
                    comparisons.append(Comparison(scope: scope, metric: .figure(rule.metric), unit: .count,
                                                  baseline: before.isEmpty ? nil : Statistics.median(before),
                                                  current: after.isEmpty ? nil : Statistics.median(after),
                                                  verdict: .notGated, note: reason))
                    continue
                }
                // A figure the baseline's build did not measure yet is named, not passed over: the gate says what it
                // could not judge.
                if before.isEmpty && !after.isEmpty {
                    comparisons.append(Comparison(scope: scope, metric: .figure(rule.metric), unit: rule.metric.unit,
                                                  baseline: nil,
                                                  current: Statistics.median(after), verdict: .notGated,
                                                  note: "not measured in the baseline: its build predates "
                                                        + "\(rule.metric.name)"))
                    continue
                }
                guard !before.isEmpty, !after.isEmpty else { continue }
                var comparison = judge(rule, before, after, scope: scope, gateTimes: gateTimes,
                                       confidence: thresholds.confidence)
                let cpu = Statistics.median(base.values(.measure(.cpuTotal), key))
                if rule.minimumCPUSeconds > 0 && cpu < rule.minimumCPUSeconds && comparison.verdict != .notGated {
                    comparison.verdict = .notGated
                    comparison.note = "under \(Format.duration(rule.minimumCPUSeconds)) of CPU"
                }
                comparisons.append(comparison)
            }
        }
        let scope = gateTimes ? "CPU and wall times are gated (--gate-times always: both runs vouched to come from "
                                + "one quiet host)"
            : "CPU and wall times are reported, not gated: figures from two runs of unknown hosts are not comparable"
        return GateOutcome(comparisons: comparisons, cpuScope: scope, timesGated: gateTimes,
                           incomplete: current.incomplete, shortfalls: current.planShortfalls())
    }

    /// Why instruction counts of these two runs may not be compared, or nil when they may.
    static func instructionsUngatedReason(_ baseline: RunMetadata, _ current: RunMetadata) -> String? {
        guard let before = baseline.instructionContext else { return "the baseline counted no instructions" }
        guard let now = current.instructionContext else { return "the current run counted no instructions "
                                                                 + "(--instructions)" }
        let differences = now.differences(from: before)
        return differences.isEmpty ? nil : "counted in another context: " + differences.joined(separator: ", ")
    }

    /// One row per GIF and setting with a failed repetition in the current run.
    static func failedCases(_ results: [CaseResult]) -> [Comparison] {
        var rows: [CaseIdentity: Comparison] = [:], order: [CaseIdentity] = []
        for result in results {
            guard let failure = result.failure else { continue }
            let key = result.benchCase.identity.unplanted
            if rows[key] == nil {
                rows[key] = Comparison(scope: .one(key), metric: .outcome, unit: .text, verdict: .failed, note: failure)
                order.append(key)
            }
        }
        return order.compactMap { rows[$0] }
    }

    /// Wrong output is the worst regression: the same GIF bytes played with the same setting must give the frames
    /// the baseline saw. Reports older than the bytes hash are matched by file size.
    static func framesComparison(_ before: [CaseResult], _ after: [CaseResult],
                                 scope: Comparison.Scope) -> Comparison? {
        guard let b = before.first(where: { !$0.framesHash.isEmpty }), let c = after.first(where: { !$0.framesHash.isEmpty }) else { return nil }
        var comparison = Comparison(scope: scope, metric: .frames, unit: .text, verdict: .withinNoise)
        let sameBytes = b.gifBytesHash != nil && c.gifBytesHash != nil ? b.gifBytesHash == c.gifBytesHash : b.fileBytes == c.fileBytes
        guard sameBytes else {
            comparison.verdict = .notGated
            comparison.note = "other GIF bytes"
            return comparison
        }
        let seen = Set(after.map(\.framesHash)).subtracting([""])
        if seen != [b.framesHash] {
            comparison.verdict = .regressed
            comparison.note = "baseline \(b.framesHash), current \(seen.sorted().joined(separator: ", "))"
        }
        return comparison
    }

    static func judge(_ rule: GateRule, _ before: [Double], _ after: [Double], scope: Comparison.Scope,
                      gateTimes: Bool, confidence: Double) -> Comparison {
        let b = Statistics.median(before), c = Statistics.median(after)
        let change = b == 0 ? (c == 0 ? 0 : Double.infinity) : c / b - 1
        let unit = rule.metric.unit
        var comparison = Comparison(scope: scope, metric: .figure(rule.metric), unit: unit, baseline: b, current: c,
                                    change: change, verdict: .withinNoise)
        // A move the measure's polarity calls worse is a regression: growth for time and memory, a fall for throughput.
        let worse: Double = rule.polarity == .largerIsBetter ? -1 : 1
        let worsened = (c - b) * worse > rule.minimumAbsoluteChange, bettered = (b - c) * worse > rule.minimumAbsoluteChange
        switch rule.kind {
        case .relative:
            comparison.resolution = .relative(limit: rule.limit, floor: rule.minimumAbsoluteChange, baseline: b)
            if worsened && change * worse > rule.limit { comparison.verdict = .regressed }
            if bettered && change * worse < -rule.limit { comparison.verdict = .improved }
        case .absolute:
            comparison.change = nil
            comparison.note = (c >= b ? "+" : "−") + unit.format(abs(c - b))
            comparison.resolution = .absolute(rule.minimumAbsoluteChange)
            if worsened { comparison.verdict = .regressed }
            if bettered { comparison.verdict = .improved }
        case .bootstrap:
            let interval = Statistics.bootstrapRelativeChange(baseline: before, current: after, confidence: confidence)
            comparison.interval = interval
            // The interval of the change for the worse: the relative change itself, or its negation for throughput.
            let (low, high) = worse > 0 ? (interval.lower, interval.upper) : (-interval.upper, -interval.lower)
            // A change caught must clear the band by the interval's half-width.
            comparison.resolution = .relative(limit: rule.limit + (high - low) / 2, floor: rule.minimumAbsoluteChange,
                                              baseline: b)
            if worsened && low > rule.limit { comparison.verdict = .regressed }
            if bettered && high < -rule.limit { comparison.verdict = .improved }
        }
        if rule.machineDependent && !gateTimes {
            comparison.resolution = nil
            comparison.verdict = .notGated
            comparison.note = "depends on the host's speed"
        }
        return comparison
    }
}

/// Successful repetitions grouped by GIF and setting (planted faults set aside, so a planted run meets its clean
/// baseline), with the same-run ratios to eager.
struct Samples {
    var groups: [CaseIdentity: [CaseResult]] = [:]
    var keys: [CaseIdentity] = []

    init(_ results: [CaseResult]) {
        for result in results where result.failure == nil {
            let key = result.benchCase.identity.unplanted
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(result)
        }
    }

    /// The per-repetition values of a measure, or of its same-run ratio to the eager case of the same run.
    func values(_ figure: GatedFigure, _ key: CaseIdentity) -> [Double] {
        guard let results = groups[key] else { return [] }
        guard case .ratioToEager(let column) = figure else { return results.compactMap { $0.value(figure.measure) } }
        guard let first = results.first, first.benchCase.decoder != .eager,
              let eager = groups[key.eagerPartner] else { return [] }
        return results.compactMap { result in
            guard let partner = eager.first(where: { $0.benchCase.repetition == result.benchCase.repetition }),
                  let value = result.value(column), let reference = partner.value(column), reference > 0 else { return nil }
            return value / reference
        }
    }
}
