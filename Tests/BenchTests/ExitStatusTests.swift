import Foundation
import Testing
import TestFixtures

/// README's exit statuses, command by command: 0 success, 1 a regression, 2 bad usage or unreadable input, 3 could
/// not finish, 4 finished with gaps (issue 47). Interruptions (3) are InterruptionTests'; regressions (1) GateTests'.
@Suite("Exit statuses", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct ExitStatusTests {
    static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-exit-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path + "/bad.gif", contents: Data("not a gif".utf8)))
        return path
    }()

    /// A baseline saved by a real run, once.
    static func savedBaseline() throws -> String {
        let path = folder + "/saved.json"
        if !FileManager.default.fileExists(atPath: path) {
            _ = try BenchProgram.run(["run", "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--repetitions", "1",
                                      "--out", folder + "/saved", "--save-baseline", path])
        }
        return path
    }

    @Test("each command exits as README says", arguments: [
        // `bench help`, not a bare `bench`: that is `bench run`, which would write the checkout's bench-results/.
        ("help", ["help"], Int32(0)),
        ("an unknown command", ["frobnicate"], 2),
        ("run", ["run", "--gif", "FIXTURE", "--decoders", "eager", "--repetitions", "1", "--out", "OUT"], 0),
        ("run saving its baseline inside the --out it makes", ["run", "--gif", "FIXTURE", "--decoders", "eager", "--repetitions", "1", "--out", "OUT",
                                                              "--save-baseline", "OUT/baseline.json"], 0),
        ("run with an unknown flag", ["run", "--colour"], 2),
        ("run of a file that is not a GIF", ["run", "--gif", "BAD", "--out", "OUT"], 2),
        ("run with a GIF skipped", ["run", "--gif", "FIXTURE", "--gif", "BAD", "--decoders", "eager", "--repetitions", "1", "--out", "OUT"], 4),
        ("run with a case failed", ["run", "--gif", "FIXTURE", "--decoders", "eager", "--mode", "realtime", "--repetitions", "1", "--timeout", "1", "--out", "OUT"], 4),
        ("cache", ["cache", "--gif", "FIXTURE", "--repetitions", "1", "--out", "OUT"], 0),
        ("cache with a GIF skipped", ["cache", "--gif", "FIXTURE", "--gif", "BAD", "--repetitions", "1", "--out", "OUT"], 4),
        ("inspect", ["inspect", "FIXTURE"], 0),
        ("inspect of a file that is not a GIF", ["inspect", "BAD"], 2),
        ("schema", ["schema", "results"], 0),
        ("merge of no shard", ["merge", "--out", "OUT"], 2),
        ("compare with no baseline", ["compare", "--current", "OUT/results.json"], 2),
        ("gate with an unreadable baseline", ["gate", "--baseline", "BAD"], 2),
        ("gate with a directory as its base program", ["gate", "--base-bench", "/tmp", "--baseline", "SAVED"], 2),
    ])
    func status(what: String, arguments: [String], expected: Int32) throws {
        let out = Self.folder + "/" + UUID().uuidString.prefix(8)
        let saved = try Self.savedBaseline()
        let substituted = arguments.map {
            $0.replacingOccurrences(of: "FIXTURE", with: ChildBinary.fixtureGIF).replacingOccurrences(of: "BAD", with: Self.folder + "/bad.gif")
                .replacingOccurrences(of: "OUT", with: out).replacingOccurrences(of: "SAVED", with: saved)
        }
        let outcome = try BenchProgram.run(substituted)
        #expect(outcome.status == expected, "\(what): exit \(outcome.status.map(String.init) ?? "by a signal"): \(outcome.errors.suffix(300))")
        if expected != 0 {
            #expect(outcome.errorLines.contains { $0.contains("error") }, "\(what): no error line says why")
        }
    }
}
