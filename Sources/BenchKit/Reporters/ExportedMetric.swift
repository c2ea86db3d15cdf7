import BenchCore

/// One figure of one case as the dashboard exports carry it: the median over repetitions, with the bootstrap interval
/// where one exists (else the repetitions' range).
struct ExportedFigure {
    var caseName: String
    var metric: Measure
    var value: Double
    var lower: Double
    var upper: Double
    var repetitions: Int

    /// The metrics the exports carry: CPU and wall time, memory, allocations, instructions — all smaller-is-better,
    /// as `customSmallerIsBetter` requires.
    static let metrics: [Measure] = [.cpuTotal, .wall, .jemallocAllocatedPeak, .rssPeak, .mallocCount, .retainedAfterRelease, .instructions]
        .filter { $0.polarity == .smallerIsBetter }

    /// Every exported figure of `report`, in report order; cases with no successful repetition are left out.
    static func all(in report: RunReport) -> [ExportedFigure] {
        report.summaries.filter { $0.repetitions > 0 }.flatMap { summary in
            let rows = report.results.filter { $0.failure == nil && $0.benchCase.identity == summary.setting.identity }
            return metrics.compactMap { metric -> ExportedFigure? in
                let values = rows.compactMap { $0.value(metric) }
                guard !values.isEmpty else { return nil }
                let median = Statistics.median(values)
                let interval = summary.metrics[metric.column]?.interval
                return ExportedFigure(caseName: summary.setting.identity.stableName, metric: metric, value: median,
                                      lower: min(interval?.lower ?? values.min()!, median), upper: max(interval?.upper ?? values.max()!, median),
                                      repetitions: values.count)
            }
        }
    }

    /// The unit as dashboards show it.
    var unit: String {
        switch metric {
        case .instructions: "instructions"
        case .mallocCount: "allocations"
        default:
            switch metric.unit {
            case .bytes: "bytes"
            case .seconds: "s"
            default: metric.unit.rawValue
            }
        }
    }
}
