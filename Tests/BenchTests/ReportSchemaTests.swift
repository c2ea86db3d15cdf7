import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCore
import Foundation
import Testing
import TestFixtures

/// The report schemas: the committed files are the generator's output, and the generator follows the declarations.
/// (Tests/Scripts/check_schemas.sh, run by CI, validates every committed report and a fresh run against them.)
@Suite("Report schemas")
struct ReportSchemaTests {
    @Test("docs/results.schema.json and docs/feed.schema.json are what 'bench schema' prints", arguments: ["results", "feed"])
    func committed(which: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("docs/\(which).schema.json").path
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        let generated = try ReportSchema.text(which == "results" ? ReportSchema.results() : ReportSchema.feed())
        #expect(committed == generated, "regenerate with: swift run -c release bench schema \(which) > docs/\(which).schema.json")
    }

    @Test("every stored measure is a result key, and every measure a summary metric, of the results schema")
    func measures() throws {
        let schema = ReportSchema.results()
        let properties = try #require(schema["properties"] as? [String: Any])
        let results = try #require((properties["results"] as? [String: Any])?["items"] as? [String: Any])
        let resultKeys = Set(try #require(results["properties"] as? [String: Any]).keys)
        let summary = try #require((properties["summaries"] as? [String: Any])?["items"] as? [String: Any])
        let metrics = try #require((summary["properties"] as? [String: Any])?["metrics"] as? [String: Any])
        let metricKeys = Set(try #require(metrics["properties"] as? [String: Any]).keys)
        #expect(resultKeys.isSuperset(of: ["cpu_total_seconds", "jemalloc_allocated_peak_bytes", "instructions", "frames_hash"]))
        #expect(metricKeys == Set(Measure.allCases.map(\.column)))
    }
}
