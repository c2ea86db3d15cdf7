import BenchPlan
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// `bench run` as a user drives it: interrupted halfway, or pointed at a place it cannot write.
@Suite("Interrupted and failed runs", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct InterruptionTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("SIGINT stops the running child, writes the finished cases marked incomplete, and exits non-zero")
    func sigint() throws {
        let bench = try #require(ChildBinary.program("bench"), "bench was not built beside the tests")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = ["run", "--gif", ChildBinary.fixtureGIF, "--mode", "realtime", "--repetitions", "20", "--out", directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 4)
        #expect(process.isRunning, "the run should still be going")
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 10, "stopping took too long")
        #expect(process.terminationStatus == 3)
        let markdown = try String(contentsOf: directory.appendingPathComponent("results.md"), encoding: .utf8)
        #expect(markdown.contains("Incomplete run"))
        let csv = try String(contentsOf: directory.appendingPathComponent("results.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\r\n").count >= 2, "the cases that finished are in the report")
        #expect(!csv.contains("interrupted"), "the killed case is dropped, not reported as a failure")
    }

    @Test("an interrupted gate is no verdict: bench gate and bench run --gate exit 3, not the gate's 1 (issue 47)",
          arguments: ["gate", "run --gate"])
    func interruptedGate(command: String) throws {
        let bench = try #require(ChildBinary.program("bench"), "bench was not built beside the tests")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.path + "/baseline.json"
        let saved = try BenchProgram.run(["run", "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--repetitions", "1",
                                          "--out", directory.path + "/saved", "--save-baseline", baseline] + (command == "gate" ? [] : ["--mode", "realtime"]))
        #expect(saved.status == 0, "\(saved.errors.suffix(300))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = command == "gate"
            ? ["gate", "--base-bench", bench, "--baseline", baseline, "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--rounds", "200",
               "--out", directory.path + "/gate"]
            : ["run", "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--mode", "realtime", "--repetitions", "20", "--gate", baseline,
               "--out", directory.path + "/run"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 4)
        #expect(process.isRunning, "the \(command) should still be going")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3, "\(command) exited \(process.terminationStatus)")
    }

    @Test("an unwritable --out is one clear line and exit 2, and an earlier report survives a failed write")
    func unwritable() throws {
        let bench = try #require(ChildBinary.program("bench"), "bench was not built beside the tests")
        let outcome = try ChildProcess.run(bench, ["run", "--quick", "--gif", ChildBinary.fixtureGIF, "--out", "/proc/gfb/out"], timeout: 120)
        #expect(outcome.exitStatus == 2)
        let errors = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n").filter { $0.contains("error") }
        #expect(errors.count == 1 && errors[0].contains("/proc/gfb/out"), "\(errors)")

        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let earlier = Data("earlier report".utf8)
        try earlier.write(to: directory.appendingPathComponent("results.md"))
        #expect(throws: WriteFailure.self) {
            try ReportWriter.writeAtomically(Data("new".utf8), to: directory.appendingPathComponent("missing-dir/results.md").path)
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent("results.md")) == earlier)
    }
}
