import BenchReports
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// docs/running.md's column contract is the declarations' own: every CSV column once, in CSV order, with its unit.
@Suite("The documented column contract")
struct ColumnContractTests {
    @Test("docs/running.md's table is what bench schema columns prints: every CSV column once, in the CSV's order")
    func documented() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/running.md"), encoding: .utf8)
        let start = try #require(text.range(of: "ColumnContractTests holds it here -->\n"), "the table's opening marker")
        let end = try #require(text.range(of: "<!-- end of columns -->", range: start.upperBound..<text.endIndex), "its end marker")
        let documented = String(text[start.upperBound..<end.lowerBound])
        #expect(documented == ColumnContract.markdown(), "docs/running.md's columns differ from 'bench schema columns'")
        let columns = documented.split(separator: "\n").dropFirst(2).map { $0.split(separator: "`")[1] }
        #expect(columns.map(String.init) == Metric.allCases.map(\.column))
        #expect(Set(columns).count == columns.count, "a column listed twice")
    }

    @Test("docs/feed.md's table is what bench schema feed-columns prints, and feed.csv's header is its columns in order")
    func feedDocumented() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/feed.md"), encoding: .utf8)
        let start = try #require(text.range(of: "ColumnContractTests holds it here -->\n"), "the table's opening marker")
        let end = try #require(text.range(of: "<!-- end of feed columns -->", range: start.upperBound..<text.endIndex), "its end marker")
        let documented = String(text[start.upperBound..<end.lowerBound])
        #expect(documented == ColumnContract.feedMarkdown(), "docs/feed.md's columns differ from 'bench schema feed-columns'")
        let columns = documented.split(separator: "\n").dropFirst(2).map { String($0.split(separator: "`")[1]) }
        let header = FeedCSVReporter.render(FeedReport(metadata: .current(command: "test"), results: [], budget: nil, incomplete: false))
        #expect(header == columns.joined(separator: ",") + "\r\n", "feed.csv's header is not the documented columns")
        #expect(Set(columns).count == columns.count, "a column listed twice")
    }
}
