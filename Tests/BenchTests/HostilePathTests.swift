import BenchPlan
import BenchRunning
import BenchCore
import Foundation
import Testing
import TestFixtures

/// Issue 13: whatever a user points `bench` at — links, devices, pipes, FIFOs, huge numbers, a killed terminal, a
/// second run — it answers with one line and a non-zero exit, never a crash, a hang or an overwrite it was not asked
/// for. Each test drives the real `bench` program.
@Suite("Hostile paths", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct HostilePathTests {
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-hostile-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try? BenchProgram.writeSynthetic("emoji-64x64x24", to: path + "/emoji.gif")
        return path
    }()

    static var gif: String { directory + "/emoji.gif" }

    static func path(_ name: String) -> String { directory + "/\(UUID().uuidString.prefix(8))-\(name)" }

    /// Expects exit 2 with exactly one error line containing `text`, within a few seconds (nothing ran first).
    static func expectRefusal(_ arguments: [String], _ text: String, environment: [String: String] = [:], shell: String? = nil) throws {
        let outcome = try BenchProgram.run(arguments, environment: environment, shell: shell)
        #expect(outcome.status == 2, "\(arguments): exit \(outcome.status.map(String.init) ?? "signal"): \(outcome.errors)")
        #expect(outcome.errors.contains(text), "\(arguments): \(outcome.errors)")
        #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome.errors)")
        #expect(outcome.seconds < 20, "\(arguments) took \(outcome.seconds) s")
    }

    static func quickRun(_ out: String, _ extra: [String] = []) throws -> BenchProgram.Outcome {
        try BenchProgram.run(["run", "--gif", gif, "--quick", "--repetitions", "2", "--out", out] + extra)
    }
}
