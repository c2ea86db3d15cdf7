import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCore
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
                    result[.cpuTotal] = 0.1 * Double(repetition)
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

    @Test("github-action-benchmark: an array of {name, unit, value, range, extra}, names unique, one per case and series")
    func githubBenchmark() throws {
        let json = try JSONSerialization.jsonObject(with: try GitHubBenchmarkExporter.render(Self.report()))
        let entries = try #require(json as? [[String: Any]])
        // 6 cases that ran × the 5 series their figures give (CPU, instructions, peak, mallocs, retained; with no frame
        // bytes or resident start recorded, neither allocated_over_frames_bytes nor rss_growth_bytes): 30.
        #expect(entries.count == 30)
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
        #expect(abs((cpu["value"] as? Double ?? 0) - 0.2) < 1e-12)
    }
}

/// The exports as github-action-benchmark reads them: its alert is a ratio, current ÷ previous, over 200% by default.
@Suite("Dashboard alerts", .timeLimit(.minutes(5)))
struct DashboardAlertTests {
    static let sticker: String = {
        let path = HostilePathTests.path("sticker.gif")
        try? BenchProgram.writeSynthetic("sticker-240x240x60", to: path)
        return path
    }()

    /// One quick run of two GIFs, three repetitions, exported; with the report it came from.
    static func exported(_ extra: [String]) throws -> (values: [String: Double], report: String) {
        let file = HostilePathTests.path("export.json"), out = HostilePathTests.path("export-run")
        let outcome = try BenchProgram.run(["run", "--gif", sticker, "--gif", HostilePathTests.gif, "--quick", "--repetitions", "3",
                                                   "--out", out, "--export-github-benchmark", file] + extra, timeout: 300)
        #expect(outcome.status == 0, "\(outcome.errors.suffix(500))")
        return (try values(Data(contentsOf: URL(fileURLWithPath: file))), out + "/results.json")
    }

    /// Entry name → value; a planted knob's words are left out of the names, as a real regression has none.
    static func values(_ data: Data) throws -> [String: Double] {
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(entries.compactMap { entry -> (String, Double)? in
            guard let name = entry["name"] as? String, let value = entry["value"] as? NSNumber else { return nil }
            return (name.replacingOccurrences(of: ", planted leak 1.0 MiB", with: ""), value.doubleValue)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// The entries github-action-benchmark alerts on for smaller-is-better figures at its default threshold.
    static func alerts(previous: [String: Double], current: [String: Double]) -> [String] {
        current.compactMap { name, value in previous[name].flatMap { value / $0 > 2.0 ? name : nil } }.sorted()
    }

    @Test("two back-to-back runs raise no alert; a planted 1 MiB leak and every memory peak 20% higher each raise one")
    func ratioRule() throws {
        let first = try Self.exported([]), second = try Self.exported([])
        #expect(Set(first.values.keys) == Set(second.values.keys), "the same cases export the same names")
        #expect(first.values.count >= 20, "\(first.values.keys.sorted())")
        #expect(Self.alerts(previous: first.values, current: second.values).isEmpty)
        #expect(!first.values.keys.contains { $0.hasSuffix("wall_s") || $0.hasSuffix("rss_peak_bytes") })

        let leaked = try Self.exported(["--plant-leak", "1MiB"])
        let leakAlerts = Self.alerts(previous: second.values, current: leaked.values)
        #expect(leakAlerts.contains { $0.hasSuffix("retained_over_floor_bytes") }, "\(leakAlerts)")

        var heavier = try BaselineFile.load(second.report, role: "report")
        for index in heavier.results.indices {
            heavier.results[index][.jemallocAllocatedPeak] = (heavier.results[index][.jemallocAllocatedPeak] * 1.2).rounded()
        }
        let memoryAlerts = Self.alerts(previous: second.values, current: try Self.values(GitHubBenchmarkExporter.render(heavier)))
        #expect(memoryAlerts.contains { $0.hasSuffix("allocated_over_frames_bytes") }, "\(memoryAlerts)")
        #expect(!memoryAlerts.contains { $0.hasSuffix("jemalloc_allocated_peak_bytes") }, "the plain peak moves 1.2×")
    }
}

/// Metrics as data: each column says whether it is a measurement and which way is better, and the rules obey it.
@Suite("CSV column declarations")
struct MetricDeclarationTests {
    @Test("a rule may judge only a measurement: a thresholds file naming a descriptive column is refused")
    func rulesJudgeMeasurements() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-thresholds-\(getpid()).json").path
        for (metric, accepted) in [("jemalloc_allocated_peak_bytes", true), ("frames_per_cpu_s", true), ("gif", false), ("frames", false), ("animation_s", false)] {
            let text = #"{"schema": "gif-frame-bench-thresholds/1", "confidence": 0.95, "rules": [{"metric": "\#(metric)", "kind": "relative", "limit": 0.05, "minimumAbsoluteChange": 0, "machineDependent": false, "minimumCPUSeconds": 0}]}"#
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            if accepted {
                #expect(try Thresholds.load(path).rules.first?.metric.name == metric)
            } else {
                #expect(throws: UsageError.self) { try Thresholds.load(path) }
            }
        }
        #expect(Thresholds.defaults.rules.allSatisfy { $0.polarity == .smallerIsBetter })
    }

    @Test("the gate reads polarity: throughput that falls is a regression, throughput that rises an improvement")
    func polarity() {
        for kind in [GateRule.Kind.relative, .bootstrap] {
            let rule = GateRule(metric: .measure(.framesPerCPUSecond), kind: kind, limit: 0.05)
            #expect(rule.polarity == .largerIsBetter)
            let thresholds = Thresholds(confidence: 0.95, rules: [rule])
            func verdicts(cpuBefore: Double, cpuAfter: Double) -> [Comparison.Verdict] {
                Gate.compare(baseline: GateTests.syntheticReport(cpu: cpuBefore, ratioToEager: 1.5, jitter: 0.01),
                             current: GateTests.syntheticReport(cpu: cpuAfter, ratioToEager: 1.5, jitter: 0.01), thresholds: thresholds,
                             timeGating: .always)
                    .comparisons.filter { $0.metric == .figure(rule.metric) }.map(\.verdict)
            }
            #expect(verdicts(cpuBefore: 1, cpuAfter: 1.5) == [.regressed, .regressed], "\(kind)")
            #expect(verdicts(cpuBefore: 1.5, cpuAfter: 1) == [.improved, .improved], "\(kind)")
            #expect(verdicts(cpuBefore: 1, cpuAfter: 1.02) == [.withinNoise, .withinNoise], "\(kind)")
        }
    }

    @Test("a measure or case column left out of the CSV's contract order still gets a column, after the contract's")
    func newMeasureGetsAColumn() {
        let columns = CSVColumn.allCases.map(\.column)
        #expect(Set(columns).count == columns.count)
        #expect(Measure.allCases.allSatisfy { columns.contains($0.column) })
        #expect(columns.firstIndex(of: Measure.framesPerCPUSecond.column)! > columns.firstIndex(of: "codec")!)
        #expect(columns.last == CaseColumn.setting.rawValue)
    }

    @Test("every column is either a measurement with a polarity or a description; measurements have a range")
    func declarations() {
        let measurements = CSVColumn.allCases.filter { $0.polarity != nil }
        #expect(measurements.contains(.measured(.cpuTotal)) && measurements.contains(.measured(.instructions))
                && !measurements.contains(.describing(.gif)))
        #expect(measurements.allSatisfy { $0.validRange != nil && $0.unit != .text })
    }
}
