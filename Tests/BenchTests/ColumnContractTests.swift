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
        let documented = try Self.table(in: "docs/running.md", endingAt: "<!-- end of columns -->")
        #expect(documented == ColumnContract.markdown(), "docs/running.md's columns differ from 'bench schema columns'")
        let columns = Self.columns(of: documented)
        #expect(columns == CSVColumn.allCases.map(\.column))
        #expect(Set(columns).count == columns.count, "a column listed twice")
    }

    /// The table a document holds between its "ColumnContractTests holds it here" marker and `end`.
    static func table(in document: String, endingAt end: String) throws -> String {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let start = try #require(text.range(of: "ColumnContractTests holds it here -->\n"), "\(document): the table's opening marker")
        let close = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "\(document): its end marker")
        return String(text[start.upperBound..<close.lowerBound])
    }

    /// The column names of a contract table, in its order.
    static func columns(of table: String) -> [String] {
        table.split(separator: "\n").dropFirst(2).map { String($0.split(separator: "`")[1]) }
    }

    @Test("docs/feed.md's table is what bench schema feed-columns prints, and feed.csv's header is its columns in order")
    func feedDocumented() throws {
        let documented = try Self.table(in: "docs/feed.md", endingAt: "<!-- end of feed columns -->")
        #expect(documented == ColumnContract.feedMarkdown(), "docs/feed.md's columns differ from 'bench schema feed-columns'")
        let columns = Self.columns(of: documented)
        let header = FeedCSVReporter.render(FeedReport(metadata: .current(command: "test"), results: [], budget: nil, incomplete: false))
        #expect(header == columns.joined(separator: ",") + "\r\n", "feed.csv's header is not the documented columns")
        #expect(Set(columns).count == columns.count, "a column listed twice")
    }
}
