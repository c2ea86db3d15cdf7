import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// Runs real child processes: the probe must report what a child really held, and a crash or hang must not
/// take the run down.
@Suite("Child processes: an honest probe and isolated failures",
       .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct IsolationTests {
    @Test("a child that holds N bytes reports peaks N higher, and nothing retained after release")
    func probeIsHonest() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 60)
        let held = 256 << 20
        func run(_ bytes: Int) -> CaseResult {
            runner.run(BenchCase(gif: "calibration", path: ChildBinary.fixtureGIF, decoder: .calibration(bytes: bytes), loops: 2))
        }
        let empty = run(0), full = run(held)
        #expect(empty.failure == nil, "\(empty.failure ?? "")")
        #expect(full.failure == nil, "\(full.failure ?? "")")
        for (name, movedBy) in [("jemalloc_allocated_peak_bytes", full[.jemallocAllocatedPeak] - empty[.jemallocAllocatedPeak]),
                                ("jemalloc_active_peak_bytes", full[.jemallocActivePeak] - empty[.jemallocActivePeak]),
                                ("jemalloc_resident_peak_bytes", full[.jemallocResidentPeak] - empty[.jemallocResidentPeak]),
                                ("rss_peak_bytes", full[.rssPeak] - empty[.rssPeak])] {
            #expect(abs(movedBy - Double(held)) <= Double(held / 20), "\(name) moved by \(movedBy) bytes for \(held) held")
        }
        #expect(full[.retainedAfterRelease] <= Double(1 << 20))
        #expect(full.samplerSamples > 10)
    }

    @Test("a crashing case and a hanging case become failed rows; the others still run")
    func failuresAreIsolated() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 3)
        let gif = ChildBinary.fixtureGIF
        let cases = [
            BenchCase(gif: "fire", path: gif, decoder: .windowed(.frames(2)), loops: 1, injectedFault: .crash),
            BenchCase(gif: "fire", path: gif, decoder: .windowed(.frames(2)), loops: 1, injectedFault: .hang),
            BenchCase(gif: "fire", path: gif, decoder: .windowed(.frames(2)), loops: 1),
            BenchCase(gif: "missing", path: "/nonexistent.gif", decoder: .eager, loops: 1),
        ]
        let results = runner.run(cases)
        #expect(results.count == 4)
        #expect(results[0].failure?.contains("signal 11") == true, "\(results[0].failure ?? "no failure")")
        #expect(results[1].failure?.contains("timed out") == true, "\(results[1].failure ?? "no failure")")
        #expect(results[2].failure == nil, "\(results[2].failure ?? "")")
        #expect(results[2].frames == 33)
        #expect(results[3].failure?.contains("no such file") == true, "\(results[3].failure ?? "no failure")")

        let report = RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        let csv = CSVReporter.render(report)
        #expect(csv.split(separator: "\r\n").count == 5)
        #expect(csv.contains(",failed,"))
        #expect(MarkdownReporter.render(report).contains("## Failed cases"))
    }

    @Test("--warmup plays each setting unmeasured before its first repetition, and only then; its results are not reported")
    func warmUpIsUnmeasured() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let runner = CaseRunner(executable: child, timeout: 60)
        let gif = ChildBinary.fixtureGIF
        let cases = (1...2).flatMap { repetition in
            [DecoderChoice.eager, .windowed(.frames(2))].map { BenchCase(gif: "fire", path: gif, decoder: $0, loops: 1, repetition: repetition) }
        }
        var warmed: [String] = [], measured: [String] = []
        let results = runner.run(cases, warmUp: 2, warmingUp: { warmed.append("\($0.decoderLabel) \($0.repetition)") },
                                 progress: { _, benchCase, result in if result != nil { measured.append("\(benchCase.decoderLabel) \(benchCase.repetition)") } })
        #expect(warmed == ["eager 1", "eager 1", "windowed w=2 1", "windowed w=2 1"], "\(warmed)")
        #expect(measured == ["eager 1", "windowed w=2 1", "eager 2", "windowed w=2 2"], "\(measured)")
        #expect(results.count == 4 && results.allSatisfy { $0.failure == nil && $0.frames == 33 })
    }
}
