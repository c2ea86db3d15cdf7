import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts
import BenchCore
import Foundation
import Testing
import TestFixtures

/// The gate on real runs: real child processes, real jemalloc figures, then baselines tampered with on purpose.
@Suite("Regression gate", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct GateTests {
    /// A synthetic GIF on disk, large enough that 20% of its peaks is well above the gate's absolute floor.
    static let gifPath: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-gate-short-320x240x100-\(getpid()).gif").path
        try? BenchProgram.writeSynthetic("short-320x240x100", to: path)
        return path
    }()

    static func realRun() throws -> RunReport {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 120)
        var cases: [BenchCase] = []
        for repetition in 1...3 {
            for decoder in [DecoderChoice.eager, .windowed(.frames(2))] {
                // giflib's slower LZW keeps the eager case over the rule's 20 ms CPU floor on this small GIF.
                cases.append(BenchCase(gif: "short", path: gifPath, decoder: decoder, loops: 4, codec: .giflib, repetition: repetition))
            }
        }
        let results = runner.run(cases)
        #expect(results.allSatisfy { $0.failure == nil })
        return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
    }

    static func lowered(_ report: RunReport, by fraction: Double) -> RunReport {
        var copy = report
        copy.results = copy.results.map { result in
            var result = result
            result[.jemallocAllocatedPeak] = (result[.jemallocAllocatedPeak] * (1 - fraction)).rounded(.down)
            return result
        }
        return copy
    }

    static func write(_ report: RunReport, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-gate-\(UUID().uuidString)-\(name)").path
        try BaselineFile.save(report, to: path)
        return path
    }

    @Test("against an independent run, a baseline whose memory was 20% lower fails the gate and names the metric; the untouched one passes")
    func memoryRegression() throws {
        let baseline = try Self.realRun(), current = try Self.realRun()
        let outcome = Gate.compare(baseline: Self.lowered(baseline, by: 0.2), current: current, timeGating: .never)
        #expect(!outcome.passed)
        #expect(outcome.regressions.contains { $0.metric == .measure(.jemallocAllocatedPeak) })
        let independent = Gate.compare(baseline: baseline, current: current, timeGating: .never)
        #expect(independent.passed, "\(independent.causes)")

        let untouched = try Self.write(baseline, "baseline.json"), reported = try Self.write(current, "current.json")
        let tampered = try Self.write(Self.lowered(baseline, by: 0.2), "tampered.json")
        defer { for path in [untouched, reported, tampered] { try? FileManager.default.removeItem(atPath: path) } }
        let failing = BenchProgram.inProcess(["compare", "--baseline", tampered, "--current", reported, "--gate-times", "never"])
        #expect(failing.status == 1)
        #expect(failing.errors.contains("jemalloc_allocated_peak_bytes"))
        #expect(failing.output.contains("**regressed**"))
        let passing = BenchProgram.inProcess(["compare", "--baseline", untouched, "--current", reported, "--gate-times", "never"])
        #expect(passing.status == 0)
    }

    @Test("a corrupt, foreign-schema or missing baseline exits 2 with one clear line")
    func badBaselines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("corrupt.json").path
        let foreign = directory.appendingPathComponent("foreign.json").path
        try Data("{\"schema\": \"gif-frame-bench-report/1\", \"results\": [tru".utf8).write(to: URL(fileURLWithPath: corrupt))
        try Data("{\"schema\": \"someone-else/7\", \"rows\": []}".utf8).write(to: URL(fileURLWithPath: foreign))
        for (path, expected) in [(corrupt, "not a GIF Frame Bench baseline"), (foreign, "schema 'someone-else/7'"),
                                 (directory.appendingPathComponent("absent.json").path, "cannot read the baseline")] {
            let outcome = BenchProgram.inProcess(["compare", "--baseline", path, "--current", corrupt])
            let errors = outcome.errors
            #expect(outcome.status == 2)
            #expect(errors.contains(expected), "\(errors)")
            #expect(errors.split(separator: "\n").count == 1)
        }
    }

    @Test("absolute times from another machine are reported, not gated; memory still is")
    func otherMachine() {
        var slower = GateTests.syntheticReport(cpu: 2.0, ratioToEager: 1.5)
        slower.metadata.cpuModel = "Some Other CPU"
        let outcome = Gate.compare(baseline: GateTests.syntheticReport(cpu: 1.0, ratioToEager: 1.5), current: slower)
        #expect(!outcome.timesGated)
        let cpu = outcome.comparisons.filter { $0.metric == .measure(.cpuTotal) }
        #expect(cpu.count == 2, "one CPU comparison per setting")
        #expect(cpu.allSatisfy { $0.verdict == .notGated })
        #expect(outcome.regressions.isEmpty)
    }

    @Test("an allocated peak 20% above the baseline's is a regression of that metric; 3% is within the 5% limit")
    func memoryRule() {
        let report = Self.syntheticReport(cpu: 1.0, ratioToEager: 1.5)
        let grown = Gate.compare(baseline: Self.lowered(report, by: 0.2), current: report, timeGating: .never)
        #expect(grown.regressions.filter { $0.metric == .measure(.jemallocAllocatedPeak) }.count == 2, "\(grown.regressions)")
        let close = Gate.compare(baseline: Self.lowered(report, by: 0.03), current: report, timeGating: .never)
        #expect(close.regressions.isEmpty, "\(close.regressions)")
    }

    @Test("a baseline with a negative figure in any column that may be zero but never negative is refused, naming the column")
    func negativeFigures() {
        var report = Self.syntheticReport(cpu: 1.0, ratioToEager: 1.5)
        for index in report.results.indices {
            report.results[index][.rssPeak] = Double(20 << 20)
            report.results[index][.mallocCount] = 1000
            report.results[index].framesHash = "0123456789abcdef"
        }
        #expect(report.baselineDefects().isEmpty, "\(report.baselineDefects())")
        for measure in [Measure.cpuUser, .cpuSystem, .jemallocActivePeak, .instructions] {
            var negative = report
            negative.results[0][measure] = -1
            #expect(negative.baselineDefects().contains { $0.contains("\(measure.column) is -1.0") }, "\(measure.column): \(negative.baselineDefects())")
        }
    }

    @Test("CPU noise within the band is not a regression; a clear shift beyond it is")
    func bootstrapRule() {
        let noisy = Gate.compare(baseline: Self.syntheticReport(cpu: 1.0, ratioToEager: 1.5, jitter: 0.08),
                                 current: Self.syntheticReport(cpu: 1.05, ratioToEager: 1.5, jitter: 0.08), timeGating: .always)
        #expect(noisy.regressions.isEmpty)
        let shifted = Gate.compare(baseline: Self.syntheticReport(cpu: 1.0, ratioToEager: 1.5, jitter: 0.02),
                                   current: Self.syntheticReport(cpu: 1.5, ratioToEager: 2.25, jitter: 0.02), timeGating: .always)
        #expect(shifted.regressions.contains { $0.metric == .measure(.cpuTotal) })
        #expect(shifted.regressions.contains { $0.metric == .figure(.ratioToEager(.cpuTotal)) })
    }

    /// Five repetitions of eager and windowed with CPU times around `cpu`, alternating ±jitter.
    static func syntheticReport(cpu: Double, ratioToEager: Double, jitter: Double = 0) -> RunReport {
        var results: [CaseResult] = []
        for repetition in 1...5 {
            let wobble = 1 + (repetition % 2 == 0 ? jitter : -jitter) * Double(repetition) / 5
            for decoder in [DecoderChoice.eager, .windowed(.frames(4))] {
                var result = CaseResult(benchCase: BenchCase(gif: "g", path: "/g.gif", decoder: decoder, loops: 1, repetition: repetition))
                result.frames = 100
                result[.cpuTotal] = (decoder == .eager ? cpu : cpu * ratioToEager) * wobble
                result[.wall] = result[.cpuTotal]
                result[.jemallocAllocatedPeak] = Double(decoder == .eager ? 300 << 20 : 14 << 20)
                results.append(result)
            }
        }
        return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
    }
}
