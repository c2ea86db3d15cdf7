import BenchPlan
import BenchRunning
import BenchVerdicts
import Foundation
import PairedRunning

/// A run's report with its charts, drawn once: `results.md` embeds the charts published beside it.
public struct RunReportFiles: PublishedReport {
    public static let kind = ReportKind.run
    public let report: RunReport
    let drawn: [ChartFile]

    public init(_ report: RunReport) {
        self.report = report
        drawn = ChartSet.make(for: report)
    }

    public func formats() -> [ReportFormat] {
        [
            ReportFormat(.resultsCSV) { CSVReporter.render(report) },
            ReportFormat(.resultsMarkdown) { MarkdownReporter.render(report, charts: drawn) },
            ReportFormat(.resultsJSON) { try JSONReporter.render(report) },
        ]
    }

    public func charts() -> [(path: String, contents: Data)] { drawn.map { ($0.relativePath, Data($0.svg.utf8)) } }

    public var exportedFigures: [ExportedFigure] { ExportedFigure.all(in: report) }
}

extension FeedReport: PublishedReport {
    public static let kind = ReportKind.feed

    public func formats() -> [ReportFormat] {
        [
            ReportFormat(.feedCSV) { FeedCSVReporter.render(self) },
            ReportFormat(.feedMarkdown) { FeedMarkdownReporter.render(self) },
            ReportFormat(.feedJSON) { try ReportJSON.encode(self) },
        ]
    }

    public func charts() -> [(path: String, contents: Data)] {
        [("charts/" + FeedTimelineChart.fileName, Data(FeedTimelineChart.render(self).utf8))]
    }

    public var exportedFigures: [ExportedFigure] { ExportedFigure.all(in: self) }
}

/// What a paired gate publishes: its verdicts, every round and pass, the regressions a later gate confirms against,
/// and both sides' reports.
public struct GateReport: PublishedReport {
    public static let kind = ReportKind.gate
    public var outcome: GateOutcome
    public var baseline: RunMetadata
    public var rounds: [PairedRound]
    public var instructions: PairedRound?
    public var passes: [PassSeries]
    public var found: [RegressionRecord]
    public var candidate: RunReport
    public var base: RunReport

    public init(outcome: GateOutcome, baseline: RunMetadata, rounds: [PairedRound], instructions: PairedRound?,
                passes: [PassSeries], found: [RegressionRecord], candidate: RunReport, base: RunReport) {
        self.outcome = outcome
        self.baseline = baseline
        self.rounds = rounds
        self.instructions = instructions
        self.passes = passes
        self.found = found
        self.candidate = candidate
        self.base = base
    }

    public func formats() -> [ReportFormat] {
        [
            ReportFormat(.gateMarkdown) {
                GateReporter.render(outcome, baseline: baseline, current: candidate.metadata)
            },
            ReportFormat(.roundsCSV) { PairedRoundsCSV.render(rounds, instructions: instructions) },
            ReportFormat(.passesCSV) { PassesCSV.render(passes) },
            ReportFormat(.regressions) { RegressionRecord.render(found) },
            ReportFormat(.candidateJSON) { try JSONReporter.render(candidate) },
            ReportFormat(.baseJSON) { try JSONReporter.render(base) },
        ]
    }
}

/// What `bench cache` publishes: each GIF's store paths and loads, and the fidelity table.
public struct CacheReport: PublishedReport {
    public static let kind = ReportKind.cache
    public let rows: [CacheMeasurement]
    /// The Markdown, rendered once: printed, and published as cache.md.
    public let markdown: String

    public init(rows: [CacheMeasurement], metadata: RunMetadata) {
        self.rows = rows
        markdown = CacheReporter.markdown(rows, metadata: metadata)
    }

    public func formats() -> [ReportFormat] {
        [ReportFormat(.cacheCSV) { CacheReporter.csv(rows) }, ReportFormat(.cacheMarkdown) { markdown }]
    }
}
