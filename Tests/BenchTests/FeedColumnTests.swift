import BenchReports
import BenchRunning
import CaseModel
import Foundation
import Testing
import TestFixtures

/// A feed's figures are measures like a case's: a figure both measure has the case's column and unit, and a column
/// renamed in 0.10.0 is still written under its former name, with its former value, for one release.
@Suite("Feed columns as measures")
struct FeedColumnTests {
    /// A measured feed with every renamed figure away from zero, so a wrong former value cannot pass as 0 = 0.
    static var result: FeedResult {
        var result = FeedResult(feed: FeedCase(model: "eager", gifs: [], players: 2, seconds: 4))
        var player = FeedPlayerSummary(player: 0, gif: "sticker")
        player.animationSeconds = 8
        player.stalled(late: 0.25)
        player.stalled(late: 0.5)
        player.droppedFrames = 3
        result.players = [player]
        result.allocatedPeak = 123_456_789
        result.cpuSeconds = 0.6
        result.harnessCPUSeconds = 0.015
        return result
    }

    /// The CSV as header → cell, for its one row.
    static func row(_ result: FeedResult) throws -> [String: String] {
        let report = FeedReport(metadata: .current(command: "test"), results: [result], budget: nil, incomplete: false)
        let lines = FeedCSVReporter.render(report).split(separator: "\r\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        try #require(lines.count == 2 && lines[0].count == lines[1].count, "one header and one row of the same width")
        #expect(Set(lines[0]).count == lines[0].count, "a column written twice")
        let cells = zip(lines[0].map(String.init), lines[1].map(String.init))
        return Dictionary(cells, uniquingKeysWith: { first, _ in first })
    }

    @Test("a figure a case also measures has the case's column and unit")
    func sharedNames() {
        let shared = FeedMeasure.allCases.compactMap { measure in measure.caseMeasure.map { (measure, $0) } }
        #expect(shared.count == 10)
        for (feed, measure) in shared {
            #expect(feed.column == measure.column, "\(feed) is written as \(feed.column), a case's \(measure.column)")
            #expect(feed.unit == measure.unit, "\(feed.column): the feed's unit differs from the case's")
        }
    }

    @Test("each renamed column is written again under its former name with its former value, and documented")
    func formerNames() throws {
        let row = try Self.row(Self.result)
        let renamed = FeedMeasure.allCases.filter { $0.formerColumn != nil }
        #expect(renamed.map(\.column) == ["jemalloc_allocated_peak_bytes", "stalls", "dropped_frames", "cpu_total_s",
                                          "cpu_per_animation_s", "cpu_harness_s"])
        for measure in renamed {
            let former = try #require(measure.formerColumn)
            let now = try #require(row[measure.column].flatMap(Double.init), "\(measure.column) is not in the CSV")
            let then = try #require(row[former].flatMap(Double.init), "\(former) is not in the CSV")
            #expect(now != 0, "\(measure.column): the sample feed has no such figure")
            #expect(abs(then - measure.formerValue(now)) <= 1e-6 * max(1, abs(then)),
                    "\(former) = \(then), \(measure.column) = \(now)")
        }
        #expect(row["cpu_ms_per_animation_s"] == "75.000", "the former column was milliseconds per second")
        #expect(row["cpu_per_animation_s"] == "0.075000")

        let path = Fixtures.packageRoot.appendingPathComponent("docs/feed.md")
        let document = try String(contentsOf: path, encoding: .utf8)
        for measure in renamed {
            let line = "| `\(measure.formerColumn ?? "")` | `\(measure.column)` |"
            #expect(document.contains(line), "docs/feed.md's table of renamed columns has no \(line)")
        }
    }

    @Test("the dashboard exports name a feed's peak as the cases do, and under its former name for one release")
    func exportedNames() throws {
        let report = FeedReport(metadata: .current(command: "test"), results: [Self.result], budget: nil, incomplete: false)
        let json = String(decoding: try GitHubBenchmarkExporter.render(ExportedFigure.all(in: report)), as: UTF8.self)
        #expect(json.contains("\"feed · eager · 2 players · jemalloc_allocated_peak_bytes\""), "\(json)")
        #expect(json.contains("\"feed · eager · 2 players · allocated_peak_bytes\""), "\(json)")
        #expect(json.contains("\"feed · eager · 2 players · cpu_total_s\""), "\(json)")
    }
}
