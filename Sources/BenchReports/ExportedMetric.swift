import CaseModel
import BenchPlan
import BenchRunning

/// One series the dashboard exports carry. Dashboards alert on a ratio, current ÷ previous (github-action-benchmark at
/// 200% by default), so a series is exported only where such a ratio means something: positive, smaller-is-better,
/// and steady from run to run well inside a factor of two. Hence:
/// - no `wall_s` (it crossed 2× between two back-to-back quick runs), and CPU time only for cases of at least 50 ms;
/// - `rss_growth_bytes`, not `rss_peak_bytes` (the child's own pages swamp the peak);
/// - figures that sit near zero are carried above a floor of 64 KiB: `retained_over_floor_bytes` is the retained bytes
///   (signed, ±33 KB between clean runs) clipped at 0 plus the floor, so a 1 MiB leak is a ratio of about 17;
///   `allocated_over_frames_bytes` is what a case allocated beyond the decoded frames its rule holds, plus the floor,
///   so a 20% larger peak is a large ratio where the plain peak (also exported) moves only 1.2×.
struct ExportedSeries<Row>: Sendable {
    /// The series' name in the exports: a report column, or a derived figure named for what it is.
    var column: String
    var unit: String
    /// Decimal places shown in the range and interval text.
    var digits: Int
    /// The series' figure of one repetition; nil when the case has none.
    var read: @Sendable (Row) -> Double?
    /// Whether a case's median is steady enough to export.
    var steady: @Sendable (Double) -> Bool = { _ in true }

}

/// The floor under exported figures that sit near zero.
public let exportFloorBytes = Double(64 << 10)
/// The least median CPU time exported: shorter cases vary by more than a ratio alert allows.
public let exportMinimumCPUSeconds = 0.05

extension ExportedSeries where Row == CaseResult {
    /// The series of a run's cases.
    static var all: [ExportedSeries] { [
        ExportedSeries(column: Measure.cpuTotal.column, unit: "s", digits: 6, read: { $0.value(.cpuTotal) },
                       steady: { $0 >= exportMinimumCPUSeconds }),
        ExportedSeries(column: Measure.instructions.column, unit: "instructions", digits: 0,
                       read: { $0.value(.instructions) }),
        ExportedSeries(column: Measure.jemallocAllocatedPeak.column, unit: "bytes", digits: 0,
                       read: { $0.value(.jemallocAllocatedPeak) }),
        ExportedSeries(column: "allocated_over_frames_bytes", unit: "bytes", digits: 0, read: { result in
            guard let peak = result.value(.jemallocAllocatedPeak), let frames = result.value(.frameBytesTheoretical) else { return nil }
            return max(0, peak - frames) + exportFloorBytes
        }),
        ExportedSeries(column: Measure.rssGrowth.column, unit: "bytes", digits: 0,
                       read: { $0.value(.rssGrowth).map { max(0, $0) + exportFloorBytes } }),
        ExportedSeries(column: Measure.mallocCount.column, unit: "allocations", digits: 0,
                       read: { $0.value(.mallocCount) }),
        ExportedSeries(column: "retained_over_floor_bytes", unit: "bytes", digits: 0,
                       read: { $0.value(.retainedAfterRelease).map { max(0, $0) + exportFloorBytes } }),
    ] }
}

extension ExportedSeries where Row == FeedResult {
    /// The series of a feed's models: the same rules, over the whole feed, under the cases' names (a feed's figure
    /// has its case measure's column), so a dashboard draws both on one chart.
    static var all: [ExportedSeries] { [
        ExportedSeries(column: FeedMeasure.cpu.column, unit: "s", digits: 6, read: { $0.value(.cpu) },
                       steady: { $0 >= exportMinimumCPUSeconds }),
        ExportedSeries(column: FeedMeasure.allocatedPeak.column, unit: "bytes", digits: 0,
                       read: { $0.value(.allocatedPeak) }),
        // The same series under its name before 0.10.0, so a dashboard's history goes on for one release.
        ExportedSeries(column: FeedMeasure.allocatedPeak.formerColumn ?? "", unit: "bytes", digits: 0,
                       read: { $0.value(.allocatedPeak) }),
        ExportedSeries(column: "retained_over_floor_bytes", unit: "bytes", digits: 0,
                       read: { $0.value(.retainedAfterLeave).map { max(0, $0) + exportFloorBytes } }),
    ] }
}

/// One figure of one case as the dashboard exports carry it: the median over repetitions, with the repetitions' range.
public struct ExportedFigure: Sendable {
    var caseName: String
    var column: String
    var unit: String
    var digits: Int
    var value: Double
    var lower: Double
    var upper: Double
    var repetitions: Int

    /// Each series' figure over `rows` (one case's repetitions that ran), when it has one and it is steady enough.
    static func figures<Row>(caseName: String, rows: [Row], series: [ExportedSeries<Row>]) -> [ExportedFigure] {
        series.compactMap { series in
            let values = rows.compactMap(series.read)
            guard !values.isEmpty else { return nil }
            let median = Statistics.median(values)
            guard series.steady(median) else { return nil }
            return ExportedFigure(caseName: caseName, column: series.column, unit: series.unit, digits: series.digits,
                                  value: median, lower: values.min()!, upper: values.max()!, repetitions: values.count)
        }
    }

    /// Every exported figure of a run's `report`, in report order; cases with no successful repetition are left out.
    public static func all(in report: RunReport) -> [ExportedFigure] {
        report.summaries.filter { $0.repetitions > 0 }.flatMap { summary in
            figures(caseName: summary.setting.identity.stableName,
                    rows: report.results.filter { $0.failure == nil && $0.benchCase.identity == summary.setting.identity },
                    series: ExportedSeries<CaseResult>.all)
        }
    }

    /// Every exported figure of a feed's `report`: one case per model, named `feed · MODEL · N players`.
    public static func all(in report: FeedReport) -> [ExportedFigure] {
        var models: [String] = []
        for result in report.results where !models.contains(result.feed.model) { models.append(result.feed.model) }
        return models.flatMap { model in
            let rows = report.results.filter { $0.feed.model == model && $0.failure == nil }
            guard let feed = rows.first?.feed else { return [ExportedFigure]() }
            return figures(caseName: "feed · \(model) · \(feed.players) players", rows: rows,
                           series: ExportedSeries<FeedResult>.all)
        }
    }
}
