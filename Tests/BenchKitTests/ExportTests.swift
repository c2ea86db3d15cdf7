import BenchCore
import BenchKit
import Foundation
import Testing

/// Issue 17, first part: the exports dashboards read, each checked by its format's own rules.
@Suite("Dashboard exports")
struct ExportTests {
    /// Two GIFs, eager and windowed, one of them also in real time at two speeds: names must still be unique.
    static func report() -> RunReport {
        var results: [CaseResult] = []
        for repetition in 1...3 {
            for (gif, mode, speed) in [("a", PlaybackMode.throughput, 1.0), ("b", .realtime, 1), ("b", .realtime, 2)] {
                for decoder in [DecoderChoice.eager, .windowed(.frames(4))] {
                    var result = CaseResult(benchCase: BenchCase(gif: gif, path: "/\(gif).gif", decoder: decoder, loops: 1, mode: mode,
                                                                 speed: speed, repetition: repetition))
                    result.frames = 10
                    result[.cpuTotal] = 0.01 * Double(repetition)
                    result[.wall] = 0.02
                    result[.jemallocAllocatedPeak] = Double(decoder == .eager ? 4 << 20 : 1 << 20)
                    result[.rssPeak] = Double(8 << 20)
                    result[.mallocCount] = 100
                    result[.retainedAfterRelease] = 0
                    if repetition == 1 { result[.instructions] = 5_000_000 }
                    results.append(result)
                }
            }
            results.append(CaseResult(benchCase: BenchCase(gif: "c", path: "/c.gif", decoder: .eager, loops: 1, repetition: repetition),
                                      failure: "child crashed"))
        }
        return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
    }

    @Test("github-action-benchmark: an array of {name, unit, value, range, extra}, names unique, one per case and metric")
    func githubBenchmark() throws {
        let json = try JSONSerialization.jsonObject(with: try GitHubBenchmarkExporter.render(Self.report()))
        let entries = try #require(json as? [[String: Any]])
        // 6 cases that ran × 7 metrics, less instructions counted only once per case (still one entry each): 42.
        #expect(entries.count == 42)
        for entry in entries {
            #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
            #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
            if let range = entry["range"] { #expect((range as? String)?.hasPrefix("± ") == true) }
            if let extra = entry["extra"] { #expect(extra is String) }
        }
        let names = entries.compactMap { $0["name"] as? String }
        #expect(Set(names).count == names.count)
        #expect(names.contains("b · windowed w=4, realtime 2.00× · 1 loop · cpu_total_s"))
        #expect(!names.contains { $0.hasPrefix("c ·") }, "a case that never ran has no figure")
        // The same run exports the same names.
        let again = try #require(try JSONSerialization.jsonObject(with: try GitHubBenchmarkExporter.render(Self.report())) as? [[String: Any]])
        #expect(again.compactMap { $0["name"] as? String } == names)
    }

    @Test("Bencher Metric Format: benchmark → measure → value with lower_value ≤ value ≤ upper_value")
    func bencherMetricFormat() throws {
        let json = try JSONSerialization.jsonObject(with: try BMFExporter.render(Self.report()))
        let benchmarks = try #require(json as? [String: [String: [String: Any]]])
        #expect(benchmarks.count == 6)
        for (name, measures) in benchmarks {
            #expect(!name.isEmpty)
            for (measure, figures) in measures {
                #expect(measure.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(measure)")
                #expect(Set(figures.keys).isSubset(of: ["value", "lower_value", "upper_value"]))
                let value = try #require(figures["value"] as? Double)
                let lower = try #require(figures["lower_value"] as? Double), upper = try #require(figures["upper_value"] as? Double)
                #expect(lower <= value && value <= upper, "\(name) \(measure)")
            }
        }
        let cpu = try #require(benchmarks["a · eager · 1 loop"]?["cpu-total-s"])
        #expect(abs((cpu["value"] as? Double ?? 0) - 0.02) < 1e-12)
    }
}

/// Metrics as data: each column says whether it is a measurement and which way is better, and the rules obey it.
@Suite("Metric declarations")
struct MetricDeclarationTests {
    @Test("a rule may judge only a measurement: a thresholds file naming a descriptive column is refused")
    func rulesJudgeMeasurements() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-thresholds-\(getpid()).json").path
        for (metric, accepted) in [("jemalloc_allocated_peak_bytes", true), ("frames_per_cpu_s", true), ("gif", false), ("frames", false), ("animation_s", false)] {
            let text = #"{"schema": "gif-frame-bench-thresholds/1", "confidence": 0.95, "rules": [{"metric": "\#(metric)", "kind": "relative", "limit": 0.05, "minimumAbsoluteChange": 0, "machineDependent": false, "minimumCPUSeconds": 0}]}"#
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            if accepted {
                #expect(try Thresholds.load(path).rules.first?.metric == metric)
            } else {
                #expect(throws: UsageError.self) { try Thresholds.load(path) }
            }
        }
        #expect(Thresholds.defaults.rules.allSatisfy { Metric(column: $0.metric).map { $0.polarity == .smallerIsBetter } ?? true })
    }

    @Test("the gate reads polarity: throughput that falls is a regression, throughput that rises an improvement")
    func polarity() {
        for kind in [GateRule.Kind.relative, .bootstrap] {
            let rule = GateRule(metric: Measure.framesPerCPUSecond.column, kind: kind, limit: 0.05)
            #expect(rule.polarity == .largerIsBetter)
            let thresholds = Thresholds(confidence: 0.95, rules: [rule])
            func verdicts(cpuBefore: Double, cpuAfter: Double) -> [Comparison.Verdict] {
                Gate.compare(baseline: GateTests.syntheticReport(cpu: cpuBefore, ratioToEager: 1.5, jitter: 0.01),
                             current: GateTests.syntheticReport(cpu: cpuAfter, ratioToEager: 1.5, jitter: 0.01), thresholds: thresholds,
                             timeGating: .always)
                    .comparisons.filter { $0.metric == rule.metric }.map(\.verdict)
            }
            #expect(verdicts(cpuBefore: 1, cpuAfter: 1.5) == [.regressed, .regressed], "\(kind)")
            #expect(verdicts(cpuBefore: 1.5, cpuAfter: 1) == [.improved, .improved], "\(kind)")
            #expect(verdicts(cpuBefore: 1, cpuAfter: 1.02) == [.withinNoise, .withinNoise], "\(kind)")
        }
    }

    @Test("a measure or case column left out of the CSV's contract order still gets a column, after the contract's")
    func newMeasureGetsAColumn() {
        let columns = Metric.allCases.map(\.column)
        #expect(Set(columns).count == columns.count)
        #expect(Measure.allCases.allSatisfy { columns.contains($0.column) })
        #expect(columns.firstIndex(of: Measure.framesPerCPUSecond.column)! > columns.firstIndex(of: "codec")!)
        #expect(columns.last == CaseColumn.displayFramesHash.rawValue)
    }

    @Test("every column is either a measurement with a polarity or a description; measurements have a range")
    func declarations() {
        let measurements = Metric.allCases.filter { $0.polarity != nil }
        #expect(measurements.contains(.measured(.cpuTotal)) && measurements.contains(.measured(.instructions))
                && !measurements.contains(.describing(.gif)))
        #expect(measurements.allSatisfy { $0.validRange != nil && $0.unit != .text })
    }
}
