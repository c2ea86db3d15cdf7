import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// Issue 12: a gate that fails broken, wrong or leaking runs, and instruction counts it can trust — on real runs of
/// the real `bench` and `bench-case` programs, with faults planted through their test knobs.
@Suite("Verdicts you can trust", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct VerdictTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-verdicts-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try? BenchProgram.writeSynthetic("sticker-240x240x60", to: url.appendingPathComponent("sticker.gif").path)
        return url
    }()

    static var gif: String { directory.appendingPathComponent("sticker.gif").path }

    static func path(_ name: String) -> String { directory.appendingPathComponent("\(UUID().uuidString)-\(name)").path }

    /// A real run of the sticker GIF, eager and windowed, into `out`; extra arguments are appended.
    static func run(_ out: String, _ extra: [String] = []) throws -> BenchProgram.Outcome {
        try BenchProgram.run(["run", "--gif", gif, "--quick", "--repetitions", "2", "--out", out] + extra, timeout: 300)
    }

    @Test("a leak planted in the child reads back within 64 KiB, a clean run reads within 64 KiB of zero, and the gate fails the leak")
    func plantedLeak() throws {
        let clean = Self.path("clean"), leaky = Self.path("leaky"), baseline = Self.path("baseline.json")
        #expect(try Self.run(clean, ["--save-baseline", baseline]).status == 0)
        for result in try BenchProgram.report(in: clean).results {
            #expect(abs(result[.retainedAfterRelease]) < Double(64 << 10), "\(result.benchCase.decoder): \(result[.retainedAfterRelease])")
        }
        let planted = Double(1 << 20)
        let gated = try Self.run(leaky, ["--plant-leak", "1MiB", "--gate", baseline, "--gate-times", "never"])
        #expect(gated.status == 1)
        #expect(gated.errors.contains("retained_after_release_bytes regressed"), "\(gated.errors)")
        for result in try BenchProgram.report(in: leaky).results {
            #expect(abs(result[.retainedAfterRelease] - planted) < Double(64 << 10), "\(result.benchCase.decoder): \(result[.retainedAfterRelease])")
        }
    }

    @Test("a run with a failed case is not saved as a baseline, and the old baseline survives; the gate names the failure")
    func failedRunIsNoBaseline() throws {
        let good = Self.path("good"), bad = Self.path("bad"), baseline = Self.path("baseline.json")
        #expect(try Self.run(good, ["--save-baseline", baseline]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: baseline))
        // 1 MiB of eager memory is too little for 60 frames of 240×240: the eager case fails in its child.
        let failing = try Self.run(bad, ["--max-eager-bytes", "1MiB", "--save-baseline", baseline])
        #expect(failing.status != 0)
        #expect(failing.errors.contains("not saved as a baseline"), "\(failing.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == before)

        let compared = BenchProgram.inProcess(["compare", "--baseline", baseline, "--current", bad + "/results.json", "--gate-times", "never"])
        #expect(compared.status == 1)
        #expect(compared.errors.contains("eager: failed"), "\(compared.errors)")
    }

    @Test("compare fails an incomplete run, a missing case and other frames; refuses a corrupt baseline with exit 2")
    func brokenAndCorrupt() throws {
        let out = Self.path("run")
        #expect(try Self.run(out).status == 0)
        let report = try BenchProgram.report(in: out)
        let baseline = Self.path("baseline.json")
        try BaselineFile.save(report, to: baseline)

        var incomplete = report
        incomplete.incomplete = true
        var missing = report
        missing.results.removeAll { $0.benchCase.decoder != .eager }
        var wrong = report
        for index in wrong.results.indices where wrong.results[index].benchCase.decoder != .eager {
            wrong.results[index].framesHash = "0123456789abcdef"
        }
        for (variant, cause) in [(incomplete, "incomplete"), (missing, "missing"), (wrong, "frames_hash regressed")] {
            let current = Self.path("current.json")
            try JSONReporter.render(variant).write(to: URL(fileURLWithPath: current))
            let outcome = BenchProgram.inProcess(["compare", "--baseline", baseline, "--current", current, "--gate-times", "never"])
            #expect(outcome.status == 1, "\(cause)")
            #expect(outcome.errors.contains(cause), "\(outcome.errors)")
        }

        var negative = report
        negative.results[0][.cpuTotal] = -0.5
        var infinite = report
        infinite.results[0][.jemallocAllocatedPeak] = 0
        infinite.results[0][.wall] = .infinity
        var duplicated = report
        duplicated.results.append(report.results[0])
        for (variant, defect) in [(negative, "cpu_total_s is -0.5"), (infinite, "wall_s is inf"), (duplicated, "appears twice")] {
            let corrupt = Self.path("corrupt.json")
            try JSONReporter.render(variant).write(to: URL(fileURLWithPath: corrupt))
            let outcome = BenchProgram.inProcess(["compare", "--baseline", corrupt, "--current", out + "/results.json"])
            #expect(outcome.status == 2, "\(defect)")
            #expect(outcome.errors.contains(defect), "\(outcome.errors)")
            #expect(outcome.errors.split(separator: "\n").count == 1, "\(outcome.errors)")
        }
    }
}

enum ValgrindOnPath {
    static let found = InstructionCounter.executableOnPath("valgrind") != nil
}

/// Instruction counts under Callgrind: deterministic, and sensitive to a planted slowdown of 10%.
@Suite("Instruction counts", .serialized, .enabled(if: Fixtures.jemallocServes && ValgrindOnPath.found,
                                                   "needs Valgrind on PATH (CI installs it) and a jemalloc build"))
struct InstructionCountTests {
    static func counted(_ extra: [String]) throws -> [String: Int] {
        let out = VerdictTests.path("counted")
        let run = try BenchProgram.run(["run", "--gif", VerdictTests.gif, "--quick", "--repetitions", "1", "--instructions",
                                          "--out", out] + extra, timeout: 300)
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(report.metadata.instructionContext != nil)
        return Dictionary(uniqueKeysWithValues: report.results.map { ($0.benchCase.decoder.name, $0.value(.instructions).map { Int($0) } ?? -1) })
    }

    @Test("without Valgrind on PATH, --instructions stops at once with one line saying how to install it")
    func valgrindMissing() throws {
        let outcome = try BenchProgram.run(["run", "--gif", VerdictTests.gif, "--quick", "--instructions", "--out", VerdictTests.path("none")],
                                           environment: ["PATH": "/nonexistent"], timeout: 60)
        let errors = outcome.errors
        #expect(outcome.status == 2)
        #expect(errors.contains("apt-get install -y valgrind"), "\(errors)")
        #expect(errors.split(separator: "\n").count == 1, "\(errors)")
    }

    @Test("two counts of one case agree to 1 in 400 (the gate's paired band is 0.5%); a planted 10% windowed slowdown raises windowed by more than 2% and eager by noise only")
    func deterministicAndSensitive() throws {
        let first = try Self.counted([]), second = try Self.counted([]), slowed = try Self.counted(["--slow-windowed", "0.1"])
        for decoder in ["eager", "windowed"] {
            let a = try #require(first[decoder]), b = try #require(second[decoder])
            #expect(a > 1_000_000)
            // Measured: eager agrees to a few instructions; windowed to 1.2 in 10 000 mostly, and once to 1.01 in 1 000 with
            // the whole suite running beside it (how often the player and the prefetch thread hand a frame over through a
            // futex varies): 1 in 400 is still half the paired gate's band.
            #expect(abs(Double(a - b)) / Double(a) < 2.5e-3, "\(decoder): \(a) then \(b)")
        }
        // Eager does not run the slowed code: it moves only by the noise bound above (6 217 of 48.7 million, 1.3 in
        // 10 000, on a busy CI host; exactly 0 on an idle one).
        let eagerShift = abs(Double(slowed["eager"]! - first["eager"]!)) / Double(first["eager"]!)
        #expect(eagerShift < 1e-3, "eager moved by \(eagerShift)")
        let growth = Double(slowed["windowed"]!) / Double(first["windowed"]!) - 1
        #expect(growth > 0.02, "windowed grew by \(growth)")
    }
}
