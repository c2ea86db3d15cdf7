import CaseModel
import BenchRunning
import BenchVerdicts
import Foundation
import Testing
import TestFixtures

/// Minor page faults, counted by the kernel over the measured interval: what instructions cannot see.
@Suite("Page faults", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct PageFaultTests {
    /// Three repetitions of windowed w=2 on the short synthetic GIF, two loops each, with `plantedBytes` of pages
    /// given back to the kernel once per loop.
    static func run(plantedBytes: Int) throws -> RunReport {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        var cases: [BenchCase] = []
        for repetition in 1...3 {
            var benchCase = BenchCase(gif: "short", path: GateTests.gifPath, decoder: .windowed(.frames(2)), loops: 2, repetition: repetition)
            benchCase.identity.planted.pageFaultBytes = plantedBytes
            cases.append(benchCase)
        }
        let results = CaseRunner(executable: child, timeout: 120).run(cases)
        #expect(results.allSatisfy { $0.failure == nil }, "\(results.compactMap(\.failure))")
        return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
    }

    static func median(_ report: RunReport, _ measure: Measure) -> Double {
        let values = report.results.map { $0[measure] }.sorted()
        return values[values.count / 2]
    }

    @Test("a case counts its minor page faults; 4 MiB of pages given back per loop adds about 1,024 a loop, and the gate fails it")
    func plantedFaultsAreCountedAndGated() throws {
        let clean = try Self.run(plantedBytes: 0), again = try Self.run(plantedBytes: 0)
        let planted = try Self.run(plantedBytes: 4 << 20)
        #expect(Self.median(clean, .minorFaults) > 0)
        // 2 loops × 1,024 pages of 4 KiB, each touched after it was given back.
        let added = Self.median(planted, .minorFaults) - Self.median(clean, .minorFaults)
        #expect((1_800...2_600).contains(added), "planted \(Self.median(planted, .minorFaults)), clean \(Self.median(clean, .minorFaults))")
        #expect(abs(Self.median(planted, .mallocCount) - Self.median(clean, .mallocCount)) <= 2, "no allocation of its own")

        let caught = Gate.compare(baseline: clean, current: planted, timeGating: .never)
        #expect(caught.regressions.map(\.metric) == [.measure(.minorFaults)], "\(caught.regressions)")
        let independent = Gate.compare(baseline: clean, current: again, timeGating: .never)
        #expect(independent.passed, "two clean runs: \(independent.causes)")
    }

    @Test("a baseline made before page faults were counted leaves them unjudged, and the gate says so")
    func baselineWithoutFaults() throws {
        let clean = try Self.run(plantedBytes: 0)
        var old = clean
        old.results = old.results.map { result in
            var copy = result
            copy.measurements[.minorFaults] = nil
            return copy
        }
        let outcome = Gate.compare(baseline: old, current: clean, timeGating: .never)
        let unjudged = outcome.comparisons.filter { $0.metric == .measure(.minorFaults) }
        #expect(!unjudged.isEmpty && unjudged.allSatisfy { $0.verdict == .notGated && ($0.note ?? "").contains("not measured in the baseline") },
                "\(unjudged)")
    }
}
