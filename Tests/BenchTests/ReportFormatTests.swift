import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import Foundation
import Testing

/// Each kind of report publishes exactly the files its kind lists, and each begins as bench's own copy of that file
/// is recognised, so a report folder bench wrote is never taken for a user's.
@Suite("Report formats")
struct ReportFormatTests {
    static let metadata = RunMetadata.current(command: "test")

    /// One report of each kind, with nothing measured in it.
    static var reports: [any PublishedReport] {
        let empty = RunReport(metadata: metadata, results: [])
        let outcome = GateOutcome(comparisons: [], cpuScope: "CPU judged paired", timesGated: false, incomplete: false)
        return [
            RunReportFiles(empty),
            FeedReport(metadata: metadata, results: [], budget: nil, incomplete: false),
            GateReport(outcome: outcome, baseline: metadata, rounds: [], instructions: nil, passes: [], found: [],
                       candidate: empty, base: empty),
            CacheReport(rows: [], metadata: metadata),
        ]
    }

    @Test("every kind's formats are its files, in order, and every file begins as bench's own copy is recognised")
    func formatsAreTheKindsFiles() throws {
        let reports = Self.reports
        #expect(Set(reports.map { type(of: $0).kind }) == Set(ReportKind.allCases))
        for report in reports {
            let kind = type(of: report).kind
            #expect(report.formats().map(\.file) == kind.files, "\(kind)")
            let published = try report.files()
            for file in kind.files {
                let contents = try #require(
                    published.first { $0.name == file.name }?.contents, "\(kind): no \(file.name)")
                let head = String(decoding: contents.prefix(4096), as: UTF8.self)
                #expect(file.isWrittenByBench(head: head), "\(kind): \(file.name) begins \(head.prefix(80))")
            }
        }
        let names = ReportKind.allCases.flatMap(\.files).map(\.name)
        #expect(Set(names).count == names.count, "a file claimed by two kinds: \(names)")
    }
}
