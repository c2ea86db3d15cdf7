import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts
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
        #expect(resultKeys.isSuperset(of: ["cpu_total_s", "jemalloc_allocated_peak_bytes", "instructions", "frames_hash"]))
        #expect(metricKeys == Set(Measure.allCases.map(\.column)))
    }

    @Test("schema 2 writes each measure under its CSV column; schema 1's keys still read; one measure under two names is refused")
    func oneSpelling() throws {
        // The baseline committed at 768f7bf, the last in the first schema (Reports/baseline.json is schema 2 since).
        let path = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/reports/schema-1-baseline.json").path
        let old = try String(contentsOfFile: path, encoding: .utf8)
        #expect(old.contains("\"cpu_user_seconds\" : "))
        let baseline = try BaselineFile.load(path, role: "baseline")
        #expect(baseline.schema == "gif-frame-bench-report/1")
        let first = try #require(baseline.results.first)
        #expect(first[.cpuUser] > 0 && first[.cpuTotal] > 0 && first[.jemallocAllocatedPeak] > 0)
        let written = String(decoding: try ReportJSON.encode(RunReport(metadata: baseline.metadata, results: baseline.results)), as: UTF8.self)
        for measure in Measure.allCases where measure.isStored && first.measurements[measure] != nil {
            #expect(written.contains("\"\(measure.column)\" : "), "\(measure.column) is not written under its column")
            let old = BaselineFile.fileKey(measure.firstSchemaKey)
            #expect(old == measure.column || !written.contains("\"\(old)\" : "), "\(measure.column) is written as \(old) too")
        }
        let again = try ReportJSON.decode(Data(written.utf8))
        #expect(again.schema == "gif-frame-bench-report/2")
        #expect(again.results.map { $0[.cpuUser] } == baseline.results.map { $0[.cpuUser] })
        let child = try JSONReader.decode(CaseResult.self, from: try JSONWriter.encode(first))
        #expect(child[.cpuTotal] == first[.cpuTotal] && child[.latenessP99] == first[.latenessP99])
        let twice = old.replacingOccurrences(of: "\"cpu_user_seconds\" : ", with: "\"cpu_user_s\" : 1, \"cpu_user_seconds\" : ")
        #expect(throws: (any Error).self) { _ = try ReportJSON.decode(Data(twice.utf8)) }
    }
}
