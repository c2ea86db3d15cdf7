import CaseModel
import BenchPlan

extension RunReport {
    /// What makes this report unfit to be a baseline, one reason each: a failed or interrupted run, figures that
    /// no measurement can produce (negative, non-finite, zero frames or time on a case that ran), or one
    /// repetition of one case twice. An empty list means it may be trusted as a baseline.
    public func baselineDefects() -> [String] {
        var defects: [String] = []
        if incomplete { defects.append("it is marked incomplete (an interrupted run)") }
        if let planted = results.first(where: { !$0.benchCase.identity.planted.isEmpty }) {
            defects.append("case \(planted.benchCase.gif) · \(planted.benchCase.identity.setting) was played "
                           + "with a test knob "
                           + "(--slow-windowed, --plant-leak, --plant-page-faults, --decode-slowdown); a "
                           + "baseline measures "
                           + "the code as it is")
        }
        if let failed = results.first(where: { $0.failure != nil }) {
            defects.append("case \(failed.benchCase.gif) · \(failed.benchCase.decoder) failed (\(failed.failure ?? ""))")
        }
        var seen: [CaseIdentity: Set<Int>] = [:]
        for result in results where result.failure == nil {
            let name = "\(result.benchCase.gif) · \(result.benchCase.decoder) repetition \(result.benchCase.repetition)"
            if !seen[result.benchCase.identity, default: []].insert(result.benchCase.repetition).inserted {
                defects.append("\(name) appears twice")
            }
            // Names from the measures' declarations, so a message never names a column that does not exist.
            let positive = [Measure.cpuTotal, .wall, .rssPeak, .mallocCount, .jemallocAllocatedPeak].map { ($0.column, result[$0]) }
                + [("frames", Double(result.frames))]
            let nonNegative = [Measure.jemallocActivePeak, .cpuUser, .cpuSystem, .instructions].map { ($0.column, result[$0]) }
                + [("file_bytes", Double(result.fileBytes))]
            for (metric, value) in positive where !(value.isFinite && value > 0) {
                defects.append("\(name): \(metric) is \(value), which no run that played can measure")
            }
            for (metric, value) in nonNegative where !(value.isFinite && value >= 0) {
                defects.append("\(name): \(metric) is \(value)")
            }
            if result.framesHash.isEmpty {
                defects.append("\(name): no frames_hash")
            }
        }
        return defects
    }
}

extension RunReport {
    /// Figures out of any measurable range in rows that ran, for baselines and current reports alike: times beyond
    /// 10⁶ s, byte figures beyond 1 PiB, counts beyond 2⁵³, negative or non-finite values. The ranges are stated in
    /// docs/bad-input.md.
    public func figureDefects() -> [String] {
        var defects: [String] = []
        for result in results where result.failure == nil {
            let name = "\(result.benchCase.gif) · \(result.benchCase.decoder) repetition \(result.benchCase.repetition)"
            for metric in CSVColumn.allCases {
                guard let value = metric.number(in: result), let range = metric.validRange else { continue }
                if !(value.isFinite && range.contains(value)) {
                    defects.append("\(name): \(metric.column) is \(value), outside "
                                   + "\(Format.fixed(range.lowerBound, digits: 0)) to \(range.upperBound)")
                }
            }
        }
        return defects
    }
}
