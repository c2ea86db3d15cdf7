import BenchPlan
import BenchRunning
import CaseModel
import Foundation
import PairedRunning

/// Judges the paired gate's warm passes (``PassSeries``). CPU time: within a generation of workers the sides
/// alternate, and each pass between two of the other side's gives one log ratio, candidate ÷ base, against the mean
/// of its neighbours' logs (a drift over the three cancels); the Hodges–Lehmann estimate of those is the
/// generation's shift, and the interval is a t interval over the generations, since a worker's own speed varies from
/// process to process; per case, and per setting over every GIF.
/// Minor page faults: the medians of the passes, which the kernel counts nearly exactly. Pure: passes in, verdicts out.
public enum PassJudge {
    /// Cases whose base pass takes less CPU than this are not judged in time: the decoder's set-up and the clock
    /// reads are then a large share of the pass.
    public static let minimumPassSeconds = 0.001

    public static func judge(_ series: [PassSeries], rule: PairedRule, faults: GateRule?, confidence: Double)
        -> [Comparison]
    {
        var comparisons: [Comparison] = []
        var judged: [CaseIdentity: [Double]] = [:]
        for pairs in series {
            var row = Comparison(
                scope: .one(pairs.identity), metric: .measure(rule.metric), unit: .seconds, verdict: .unjudged)
            row.baseline = Statistics.median(pairs.base.map(\.cpuSeconds))
            row.current = Statistics.median(pairs.candidate.map(\.cpuSeconds))
            let shifts = generationShifts(pairs)
            if let failure = pairs.failure {
                row.note = "its warm worker failed: \(failure)"
            } else if let median = row.baseline, median < minimumPassSeconds {
                row.verdict = .notGated
                row.note =
                    "a pass under \(Format.duration(minimumPassSeconds)) of CPU: the decoder's set-up is much of it"
            } else {
                decide(
                    &row, shifts: shifts, rule: rule, confidence: confidence,
                    note: "pass by pass, \(pairs.passes.count) passes by \(shifts.count) pairs of warm workers")
                judged[pairs.identity] = shifts
            }
            comparisons.append(row)
            if let faults, pairs.failure == nil { comparisons.append(judgeFaults(pairs, rule: faults)) }
        }
        return comparisons + aggregates(judged, rule: rule, confidence: confidence)
    }

    /// Each generation's shift in logs: the Hodges–Lehmann estimate of its sandwiched log ratios.
    static func generationShifts(_ series: PassSeries) -> [Double] {
        series.generations.compactMap { passes in
            HodgesLehmann.shift(sandwiches(passes))
        }
    }

    /// For each pass between two of the other side's: its log CPU minus the mean of theirs, signed so that a slower
    /// candidate is positive.
    static func sandwiches(_ passes: [PassSeries.Pass]) -> [Double] {
        guard passes.count >= 3 else { return [] }
        return (1..<(passes.count - 1)).compactMap { index in
            let before = passes[index - 1]
            let middle = passes[index]
            let after = passes[index + 1]
            guard before.isBase == after.isBase, before.isBase != middle.isBase,
                [before, middle, after].allSatisfy({ $0.figures.cpuSeconds > 0 })
            else { return nil }
            let difference =
                Foundation.log(middle.figures.cpuSeconds)
                - (Foundation.log(before.figures.cpuSeconds) + Foundation.log(after.figures.cpuSeconds)) / 2
            return middle.isBase ? -difference : difference
        }
    }

    /// A regression when the interval over generations lies wholly above the pass band; the resolution is the band plus
    /// the interval's half-width.
    static func decide(_ row: inout Comparison, shifts: [Double], rule: PairedRule, confidence: Double, note: String) {
        PairedJudge.decide(
            &row, logRatios: shifts, band: rule.passLimit ?? rule.limit, confidence: confidence, note: note,
            tooFew: "\(shifts.count) generations of workers measured; at least \(PairedJudge.minimumRounds) are needed")
    }

    /// One row per setting: for each generation, the median shift over every GIF of that setting judged here; the
    /// interval is over generations, as the round gate's is over rounds. The median, so that one disturbed GIF does
    /// not move a generation's figure (`Reports/paired-gate/rejudged.md`).
    static func aggregates(_ judged: [CaseIdentity: [Double]], rule: PairedRule, confidence: Double) -> [Comparison] {
        PairedJudge.settings(of: judged.keys).map { keys -> Comparison in
            let generations = keys.map { judged[$0]!.count }.min() ?? 0
            let medians = (0..<generations).map { generation in Statistics.median(keys.map { judged[$0]![generation] })
            }
            var row = Comparison(
                scope: .everyGIF(of: keys[0], count: keys.count), metric: .measure(rule.metric), unit: .ratio,
                verdict: .unjudged)
            decide(
                &row, shifts: medians, rule: rule, confidence: confidence,
                note: "pass by pass, each generation's median over \(keys.count) GIFs, \(generations) generations")
            return row
        }
    }

    /// Minor faults per pass: the medians of each side's passes, judged by the rule's limit and floor. The two
    /// sides ran in one job on one machine, so this holds whatever the baseline file recorded.
    static func judgeFaults(_ pairs: PassSeries, rule: GateRule) -> Comparison {
        var row = Comparison(
            scope: .one(pairs.identity), metric: .measure(.minorFaults), unit: .count, verdict: .withinNoise)
        let before = Statistics.median(pairs.base.map(\.minorFaults))
        let after = Statistics.median(pairs.candidate.map(\.minorFaults))
        row.baseline = before
        row.current = after
        row.change = before > 0 ? after / before - 1 : nil
        row.note = "pass by pass: medians of \(pairs.base.count) and \(pairs.candidate.count) warm passes"
        let limit = max(rule.minimumAbsoluteChange, rule.limit * before)
        row.resolution = .absolute(limit)
        row.verdict = after - before > limit ? .regressed : before - after > limit ? .improved : .withinNoise
        return row
    }
}
