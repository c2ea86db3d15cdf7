import BenchCommands
import BenchRunning
import CaseModel
import Foundation
import GIFCorpus
import Testing

/// The real `bench` program, as the tests start it: one harness for every test that runs it, reads what it wrote or
/// hands it a synthetic GIF.
enum BenchProgram {
    /// How a run of `bench` ended, its output as text.
    struct Outcome {
        var status: Int32?
        var output: String
        var errors: String
        var seconds: Double
        var timedOut: Bool
        var errorLines: [Substring] { errors.split(separator: "\n") }
    }

    /// Runs `bench` with `arguments`: in `directory` when given, through `bash -c` when `shell` is set (its `BENCH`
    /// replaced by the program's path, for process substitution and `ulimit`). A run that hangs past `timeout` is an issue.
    /// The working directory of a program run with no folder named: one scratch folder for the test process.
    static let scratchDirectory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-cwd-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 120, in directory: String? = nil,
                    shell: String? = nil) throws -> Outcome {
        let bench = try #require(ChildBinary.program("bench"), "bench was not built beside the tests")
        let outcome: ChildOutcome
        if let shell {
            outcome = try ChildProcess.run("/bin/bash", ["-c", shell.replacingOccurrences(of: "BENCH", with: bench)],
                                           timeout: timeout, environment: environment)
        } else {
            // In the folder asked for, or a scratch one: a command's default output (bench-results/ of the working
            // directory) never lands in the checkout the tests run from.
            outcome = try ChildProcess.run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh",
                                                       directory ?? scratchDirectory, bench] + arguments,
                                           timeout: timeout, environment: environment)
        }
        #expect(!outcome.timedOut, "bench \(arguments) \(shell ?? "") hung")
        return Outcome(status: outcome.exitStatus, output: String(decoding: outcome.standardOutput, as: UTF8.self),
                       errors: String(decoding: outcome.standardError, as: UTF8.self), seconds: outcome.seconds,
                       timedOut: outcome.timedOut)
    }

    /// Runs `bench ARGUMENTS` inside this process, as `bench` would run them: its measuring child an
    /// ``InProcessLauncher``, its stdout and stderr a ``ConsoleTranscript``. For tests of the parent's logic, whose
    /// arguments name absolute paths: the process's working directory and environment are not the run's to change.
    /// `GIF_FRAME_BENCH_TESTS_IN_PROCESS=0` starts the program instead, to time what running in process saves
    /// (`Benchmarks/Scripts/in_process_savings.sh`).
    static func inProcess(_ arguments: [String]) -> Outcome {
        if ProcessInfo.processInfo.environment["GIF_FRAME_BENCH_TESTS_IN_PROCESS"] == "0", let outcome = try? run(arguments) {
            return outcome
        }
        let transcript = ConsoleTranscript()
        let started = Date()
        let status = Console.$transcript.withValue(transcript) {
            BenchMain.run(arguments, child: .launcher(InProcessLauncher()))
        }
        return Outcome(status: status, output: transcript.output, errors: transcript.errors,
                       seconds: Date().timeIntervalSince(started), timedOut: false)
    }

    /// The report a run wrote into `out`.
    static func report(in out: String) throws -> RunReport {
        try ReportJSON.decode(try Data(contentsOf: URL(fileURLWithPath: out + "/results.json")))
    }

    /// Writes the synthetic corpus's GIF `name` to `path`.
    static func writeSynthetic(_ name: String, to path: String) throws {
        let spec = try #require(SyntheticCorpus.spec(named: name), "no synthetic GIF named \(name)")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(try SyntheticCorpus.gif(for: spec))), "\(path) not written")
    }
}
