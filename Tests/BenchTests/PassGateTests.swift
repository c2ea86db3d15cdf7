import BenchPlan
import BenchRunning
import BenchVerdicts
import CaseModel
import Foundation
import TestFixtures
import Testing
import PairedRunning

/// The gate's time pass by pass (issue 48): the judge on passes of known distribution, the warm worker's protocol on a
/// real child, and `bench gate` pairing passes, catching planted page faults, and falling back to rounds.
@Suite("Pass-by-pass gate")
struct PassGateTests {
    static let identity = BenchCase(gif: "a", path: "/a.gif", decoder: .windowed(.frames(4)), loops: 1).identity

    /// 16 generations of 11 alternating passes; the candidate's CPU is the base's × `ratio`, times a drift of `drift`
    /// per pass and a wobble of about ±`spread`; in generation g the candidate's worker is `offsets[g]` slower still
    /// (its process's own speed).
    static func series(
        ratio: Double, drift: Double = 0, spread: Double = 0.03, offsets: [Double] = Array(repeating: 0, count: 16),
        faults: (base: Double, candidate: Double) = (10, 10)
    ) -> PassSeries {
        var series = PassSeries(identity: identity)
        for generation in 0..<16 {
            var isBase = PassPairing.baseFirst(generation: generation)
            for index in 0..<11 {
                let wobble = 1 + spread * sin(Double(index) * 2.1 + Double(generation) * 0.9)
                var cpu = 0.01 * wobble * (1 + drift * Double(index))
                if !isBase { cpu *= ratio * (1 + offsets[generation]) }
                series.passes.append(
                    PassSeries.Pass(
                        generation: generation, isBase: isBase,
                        figures: PassFigures(
                            cpuSeconds: cpu, wallSeconds: cpu, minorFaults: isBase ? faults.base : faults.candidate,
                            voluntarySwitches: 0)))
                isBase.toggle()
            }
        }
        return series
    }

    static func judge(_ series: [PassSeries]) -> [Comparison] {
        let rule = Thresholds.defaults.pairedRules.first { $0.metric == .cpuTotal }!
        let faults = Thresholds.defaults.rules.first { $0.metric == .measure(.minorFaults) }
        return PassJudge.judge(series, rule: rule, faults: faults, confidence: 0.99)
    }

    static func row(_ rows: [Comparison], _ measure: Measure) -> Comparison? {
        rows.first { $0.metric == .measure(measure) && $0.gif == "a" }
    }

    @Test("a 3% slowdown under ±3% pass noise is a regression; the noise alone is within the 0.5% band")
    func slowdownAndNoise() throws {
        let slow = try #require(Self.row(Self.judge([Self.series(ratio: 1.03)]), .cpuTotal))
        #expect(slow.verdict == .regressed, "\(slow)")
        #expect(abs((slow.change ?? 0) - 0.03) < 0.005, "\(slow)")
        let clean = try #require(Self.row(Self.judge([Self.series(ratio: 1)]), .cpuTotal))
        #expect(clean.verdict == .withinNoise, "\(clean)")
        #expect(clean.note?.contains("16 pairs of warm workers") == true, "\(clean)")
    }

    @Test(
        "each pass is judged against the mean of its two neighbours: a drift of 2% a pass with no change leaves the interval tight around 0"
    )
    func driftCancels() throws {
        let row = try #require(Self.row(Self.judge([Self.series(ratio: 1, drift: 0.02, spread: 0)]), .cpuTotal))
        let interval = try #require(row.interval)
        #expect(row.verdict == .withinNoise && interval.upper - interval.lower < 0.002, "\(row)")
    }

    @Test(
        "pairs of workers that differ by their processes' own speeds (-3% to +7%) raise no alarm: the interval is over pairs of workers, not passes"
    )
    func processSpeeds() throws {
        let offsets = (0..<16).map { [0.06, -0.02, 0.07, -0.03][$0 % 4] }
        let row = try #require(Self.row(Self.judge([Self.series(ratio: 1, offsets: offsets)]), .cpuTotal))
        #expect(row.verdict == .withinNoise, "\(row)")
    }

    @Test("page faults per pass: 1,024 more is a regression, 20 more is not; a failed worker leaves the case unjudged")
    func faultsAndFailures() throws {
        let planted = try #require(Self.row(Self.judge([Self.series(ratio: 1, faults: (12, 1_036))]), .minorFaults))
        #expect(planted.verdict == .regressed, "\(planted)")
        let small = try #require(Self.row(Self.judge([Self.series(ratio: 1, faults: (12, 32))]), .minorFaults))
        #expect(small.verdict == .withinNoise, "\(small)")
        var failed = PassSeries(identity: Self.identity)
        failed.failure = "candidate · a · windowed w=4: the worker ended"
        let rows = Self.judge([failed])
        #expect(
            Self.row(rows, .cpuTotal)?.verdict == .unjudged
                && Self.row(rows, .cpuTotal)?.note?.contains("the worker ended") == true, "\(rows)")
        #expect(Self.row(rows, .minorFaults) == nil)
    }

    @Test(
        "a warm worker loads once and answers each pass request with its figures; 4 MiB of planted pages adds about 1,024 faults a pass",
        .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func workerProtocol() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        var benchCase = BenchCase(gif: "fire", path: ChildBinary.fixtureGIF, decoder: .windowed(.frames(2)), loops: 1)
        let clean = try WarmWorker(program: child, arguments: benchCase.workerArguments, label: "clean", timeout: 60)
        let cleanPasses = try (0..<3).map { _ in try clean.pass() }
        clean.stop()
        #expect(cleanPasses.allSatisfy { $0.cpuSeconds > 0 && $0.wallSeconds > 0 }, "\(cleanPasses)")
        benchCase.identity.planted.pageFaultBytes = 4 << 20
        let planted = try WarmWorker(
            program: child, arguments: benchCase.workerArguments, label: "planted", timeout: 60)
        let plantedPasses = try (0..<3).map { _ in try planted.pass() }
        planted.stop()
        let added = plantedPasses.map(\.minorFaults).sorted()[1] - cleanPasses.map(\.minorFaults).sorted()[1]
        #expect((900...1_200).contains(added), "clean \(cleanPasses), planted \(plantedPasses)")
        // A missing file: the worker's one error line, said with the side and case.
        let missing = BenchCase(gif: "gone", path: "/nonexistent/gone.gif", decoder: .eager, loops: 1)
        #expect(throws: UsageError.self) {
            try WarmWorker(program: child, arguments: missing.workerArguments, label: "missing", timeout: 60)
        }
    }

    @Test("a worker that has ended is told apart in one line, never by a SIGPIPE that ends the gate")
    func endedWorker() throws {
        let worker = try WarmWorker(
            program: "/bin/sh", arguments: ["-c", "echo '\(PassProtocol.ready) \(PassProtocol.version)'"],
            label: "ended", timeout: 10)
        usleep(300_000)  // the worker has said it is ready and ended, closing its end of the requests
        for _ in 0..<3 {
            #expect(throws: UsageError.self) { try worker.pass() }
        }
        worker.stop()
    }

    @Test(
        "bench gate judges time and page faults pass by pass, and a planted page-fault regression at equal instructions fails it",
        .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func gateCatchesPlantedFaults() throws {
        let (folder, gif) = try PairedGateTests.savedBaseline(decoders: "windowed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bench = try #require(ChildBinary.program("bench"))
        let gate = try BenchProgram.run([
            "gate", "--base-bench", bench, "--baseline", folder + "/baseline.json", "--gif", gif, "--decoders",
            "windowed",
            "--pass-seconds", "0.5", "--plant-page-faults", "4MiB", "--out", folder + "/gate",
        ])
        #expect(gate.status == 1, "\(gate.errors)")
        let alarms = gate.errorLines.filter { $0.contains("regressed") }
        #expect(
            alarms.contains { $0.contains("minor_faults regressed") && $0.contains("pass by pass") },
            "\(gate.errorLines)")
        let full = try String(contentsOfFile: folder + "/gate/gate.md", encoding: .utf8)
        #expect(full.contains("CPU time and page faults pass by pass"), "\(full.prefix(1_200))")
        let passes = try String(contentsOfFile: folder + "/gate/passes.csv", encoding: .utf8)
        #expect(passes.split(separator: "\n").count > 16 * 5, "\(passes.prefix(400))")
    }

    @Test(
        "a base without warm workers (no --worker-plan) is judged by rounds of fresh processes, and the gate says why")
    func fallsBackToRounds() throws {
        let (folder, gif) = try PairedGateTests.savedBaseline()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bench = try #require(ChildBinary.program("bench"))
        // This build as a base from before warm workers: bench-case beside it, and --worker-plan unknown.
        let old = folder + "/old"
        try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: old + "/bench-case", withDestinationPath: try #require(ChildBinary.path))
        try Data(
            """
            #!/bin/sh
            for argument in "$@"; do
              case "$argument" in --worker-plan) echo "bench: error: unknown option --worker-plan" >&2; exit 2 ;; esac
            done
            exec '\(bench)' "$@"
            """.utf8
        ).write(to: URL(fileURLWithPath: old + "/bench"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old + "/bench")
        let gate = try BenchProgram.run([
            "gate", "--base-bench", old + "/bench", "--baseline", folder + "/baseline.json", "--gif", gif,
            "--decoders", "eager", "--rounds", "3", "--allow-unjudged", "--out", folder + "/gate",
        ])
        #expect(gate.status == 0, "\(gate.errors)")
        #expect(
            gate.errorLines.contains { $0.contains("predates warm workers") && $0.contains("judged by rounds") },
            "\(gate.errorLines)")
        let full = try String(contentsOfFile: folder + "/gate/gate.md", encoding: .utf8)
        #expect(full.contains("not pass by pass: its bench predates warm workers"), "\(full.prefix(1_200))")
        #expect(
            full.contains("3 rounds, the two sides alternating GIF by GIF") && !full.contains("pairs of warm workers"),
            "\(full.prefix(1_200))")
    }
}
