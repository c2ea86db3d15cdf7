import CaseModel
import BenchPlan
import BenchRunning
import Foundation
import PairedRunning

/// Judges CPU by paired ratios, candidate ÷ base, on figures measured on one machine in one job: CPU time by an
/// interval on the rounds' ratios, instructions by one Callgrind count a side. Pure: the reports in, verdicts out.
public enum PairedJudge {
    /// Verdicts for every rule in `thresholds.pairedRules`. A case the base never played is `new`; one whose figure
    /// the gate promised and could not get on both sides is `unjudged`.
    public static func judge(rounds: [PairedRound], instructions: PairedRound?,
                             thresholds: Thresholds = .defaults) -> [Comparison] {
        var comparisons: [Comparison] = []
        for rule in thresholds.pairedRules {
            if rule.metric == .instructions {
                comparisons += judgeCounts(instructions, rule: rule)
            } else {
                comparisons += judgeTimes(rounds, rule: rule, confidence: thresholds.pairedLevel)
            }
        }
        return comparisons
    }

    /// Each case's successful row in one side's report of one round, keyed without planted faults (the base has
    /// none); of several samples (`bench gate --samples`), the one of least CPU time. Interference from other
    /// processes (scheduling, caches a neighbour evicts) only ever adds CPU time, so the least is the code's own cost.
    static func rows(_ report: RunReport) -> [CaseIdentity: CaseResult] {
        var rows: [CaseIdentity: CaseResult] = [:]
        for result in report.results where result.failure == nil {
            let key = result.benchCase.identity.unplanted
            if let kept = rows[key], kept[.cpuTotal] <= result[.cpuTotal] { continue }
            rows[key] = result
        }
        return rows
    }

    /// Cases in first-seen order over `reports`, failed rows included.
    static func keys(_ reports: [RunReport]) -> [CaseIdentity] {
        var seen: Set<CaseIdentity> = [], keys: [CaseIdentity] = []
        for report in reports {
            for result in report.results where seen.insert(result.benchCase.identity.unplanted).inserted {
                keys.append(result.benchCase.identity.unplanted)
            }
        }
        return keys
    }

    /// An unjudged row for `key`, or a `new` one when the base's reports have no row of it at all (failed rows count:
    /// a case the base played and failed is not new, it is unjudged).
    static func start(_ key: CaseIdentity, _ rule: PairedRule, unit: MetricUnit,
                      baseCases: Set<CaseIdentity>) -> Comparison {
        var row = Comparison(scope: .one(key), metric: .measure(rule.metric), unit: unit, verdict: .unjudged)
        if !baseCases.contains(key) {
            row.verdict = .new
            row.note = "the base has no such case"
        }
        return row
    }

    static func judgeTimes(_ rounds: [PairedRound], rule: PairedRule, confidence: Double) -> [Comparison] {
        let measure = rule.metric
        let base = rounds.map { rows($0.base) }, candidate = rounds.map { rows($0.candidate) }
        let baseCases = Set(keys(rounds.map(\.base)))
        var comparisons: [Comparison] = [], judged: [CaseIdentity: [Int: Double]] = [:]
        for key in keys(rounds.map(\.candidate)) {
            var row = start(key, rule, unit: .seconds, baseCases: baseCases)
            guard row.verdict != .new else { comparisons.append(row); continue }
            var logRatios: [Int: Double] = [:], baseValues: [Double] = [], candidateValues: [Double] = []
            for index in rounds.indices {
                guard let b = base[index][key]?[measure], let c = candidate[index][key]?[measure], b > 0, c > 0 else { continue }
                logRatios[index] = Foundation.log(c / b)
                baseValues.append(b)
                candidateValues.append(c)
            }
            row.baseline = baseValues.isEmpty ? nil : Statistics.median(baseValues)
            row.current = candidateValues.isEmpty ? nil : Statistics.median(candidateValues)
            if let median = row.baseline, median < rule.minimumCPUSeconds {
                row.verdict = .notGated
                row.note = "under \(Format.duration(rule.minimumCPUSeconds)) of CPU: scheduling noise alone moves it "
                           + "more than the band"
            } else {
                decide(&row, logRatios: Array(logRatios.values), rule: rule, confidence: confidence, of: rounds.count)
                judged[key] = logRatios
            }
            comparisons.append(row)
        }
        return comparisons + aggregates(judged, rounds: rounds.count, rule: rule, confidence: confidence)
    }

    /// One row per setting: in each round, the median log ratio over every GIF of that setting long enough to time,
    /// measured on both sides in that round; the interval is over rounds. A slowdown that every GIF shows a little is
    /// seen here first. The median, not the mean: a process beside the gate disturbs one GIF's run at a time, and one
    /// disturbed GIF must not move a round's figure (`Reports/paired-gate/rejudged.md`).
    static func aggregates(_ judged: [CaseIdentity: [Int: Double]], rounds: Int, rule: PairedRule,
                           confidence: Double) -> [Comparison] {
        settings(of: judged.keys).map { keys -> Comparison in
            var row = Comparison(scope: .everyGIF(of: keys[0], count: keys.count), metric: .measure(rule.metric),
                                 unit: .ratio, verdict: .unjudged)
            let complete = (0..<rounds).filter { index in keys.allSatisfy { judged[$0]?[index] != nil } }
            let medians = complete.map { index in
                Statistics.median(keys.map { judged[$0]![index]! })
            }
            decide(&row, logRatios: medians, rule: rule, confidence: confidence, of: rounds)
            return row
        }
    }

    /// The judged cases grouped by setting, each group in GIF order, settings in the order of their first GIF; only
    /// settings judged on more than one GIF, which alone get a row over every GIF.
    static func settings(of judged: some Collection<CaseIdentity>) -> [[CaseIdentity]] {
        var settings: [String] = [], members: [String: [CaseIdentity]] = [:]
        for key in judged.sorted(by: { "\($0.gif)\($0.setting)" < "\($1.gif)\($1.setting)" }) {
            if members[key.setting] == nil { settings.append(key.setting) }
            members[key.setting, default: []].append(key)
        }
        return settings.compactMap { members[$0] }.filter { $0.count > 1 }
    }

    /// Sets the verdict from the rounds' log ratios: a regression when the interval lies wholly above the band.
    static func decide(_ row: inout Comparison, logRatios: [Double], rule: PairedRule, confidence: Double,
                       of rounds: Int) {
        decide(&row, logRatios: logRatios, band: rule.limit, confidence: confidence,
               note: "paired, \(logRatios.count) rounds",
               tooFew: "\(logRatios.count) of \(rounds) rounds measured on both sides; at least "
                       + "\(minimumRounds) are needed")
    }

    /// Sets the verdict from paired log ratios, one per round or per generation of warm workers: a regression when
    /// their interval lies wholly above `band`, an improvement when wholly below. The resolution is the band plus the
    /// interval's half-width; fewer than ``minimumRounds`` leave the row unjudged, saying `tooFew`.
    static func decide(_ row: inout Comparison, logRatios: [Double], band: Double, confidence: Double, note: String,
                       tooFew: String) {
        guard logRatios.count >= minimumRounds, let paired = PairedChange(logRatios: logRatios, confidence: confidence) else {
            row.verdict = .unjudged
            row.note = tooFew
            return
        }
        row.change = paired.change
        row.interval = paired.interval
        row.note = note
        // Caught when the interval's lower end clears the band: the band, plus the interval's half-width in logs.
        let half = (Foundation.log1p(paired.interval.upper) - Foundation.log1p(paired.interval.lower)) / 2
        row.resolution = .relative(Foundation.expm1(Foundation.log1p(band) + half))
        row.verdict = paired.interval.lower > band ? .regressed : paired.interval.upper < -band ? .improved : .withinNoise
    }

    /// Fewer rounds give an interval too wide to tell anything (t at 99% with 2 degrees of freedom is 9.9).
    public static let minimumRounds = 3

    static func judgeCounts(_ counts: PairedRound?, rule: PairedRule) -> [Comparison] {
        guard let counts else { return [] }
        let base = rows(counts.base), candidate = rows(counts.candidate)
        let baseCases = Set(keys([counts.base]))
        var comparisons: [Comparison] = [], sums: [String: (base: Double, candidate: Double, gifs: Int)] = [:]
        var settings: [CaseIdentity] = []  // the first case of each setting, in order
        for key in keys([counts.candidate]) {
            var row = start(key, rule, unit: .count, baseCases: baseCases)
            guard row.verdict != .new else { comparisons.append(row); continue }
            row.baseline = base[key].map { $0[.instructions] }.flatMap { $0 > 0 ? $0 : nil }
            row.current = candidate[key].map { $0[.instructions] }.flatMap { $0 > 0 ? $0 : nil }
            guard let before = row.baseline, let after = row.current else {
                let side = row.baseline == nil ? (row.current == nil ? "either side" : "the base") : "the candidate"
                row.note = "no instruction count from \(side)"
                comparisons.append(row)
                continue
            }
            if sums[key.setting] == nil { settings.append(key) }
            sums[key.setting, default: (0, 0, 0)].base += before
            sums[key.setting, default: (0, 0, 0)].candidate += after
            sums[key.setting, default: (0, 0, 0)].gifs += 1
            comparisons.append(judgeCount(row, before: before, after: after, rule: rule,
                                          floor: rule.minimumAbsoluteChange ?? 0))
        }
        for first in settings {
            guard let sum = sums[first.setting], sum.gifs > 1 else { continue }
            let row = Comparison(scope: .everyGIF(of: first, count: sum.gifs), metric: .measure(rule.metric),
                                 unit: .count, verdict: .unjudged)
            comparisons.append(judgeCount(row, before: sum.base, after: sum.candidate, rule: rule, floor: 0))
        }
        return comparisons
    }

    /// A count's verdict: beyond the band and, for one case, beyond the floor of thread-timing noise.
    static func judgeCount(_ row: Comparison, before: Double, after: Double, rule: PairedRule,
                           floor: Double) -> Comparison {
        var row = row
        row.baseline = before
        row.current = after
        let change = after / before - 1
        row.change = change
        row.note = "paired, one count a side"
        row.resolution = .relative(limit: rule.limit, floor: floor, baseline: before)
        row.verdict = change > rule.limit && after - before > floor ? .regressed
            : change < -rule.limit && before - after > floor ? .improved : .withinNoise
        return row
    }
}
