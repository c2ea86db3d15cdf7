import CaseModel
import BenchPlan
import Foundation
import SystemFiles

/// Counts the instructions a case executes in its measured interval by running its child once more under
/// Callgrind, with the memory sampler off. The child zeroes Callgrind's counts where the interval starts and
/// dumps them where it ends (``InstructionMarks``), so start-up and frame hashing are not in the figure.
/// Counts repeat to within a few thousand in hundreds of millions on one binary, whatever else the machine does.
public struct InstructionCounter: Sendable {
    public var valgrind: String
    public var valgrindVersion: String
    /// The child program Callgrind runs: a stripped copy, since Valgrind 3.19 may refuse Swift 6.3's debug info.
    public var child: String
    /// Seconds one counted case may take (Callgrind runs the code 50 to 100 times slower).
    public var timeout: Double
    private let scratch: PrivateDirectory

    /// Finds Valgrind on `PATH` and prepares a stripped copy of `child`; a clear usage error when Valgrind is absent.
    public static func prepare(child: String, timeout: Double) throws(UsageError) -> InstructionCounter {
        guard let valgrind = executableOnPath("valgrind") else {
            throw UsageError("--instructions needs Valgrind, which is not on PATH; install it (apt-get "
                             + "install -y valgrind)")
        }
        guard let outcome = try? ChildProcess.run(valgrind, ["--version"], timeout: 30), outcome.exitStatus == 0 else {
            throw UsageError("\(valgrind) --version failed; is Valgrind installed correctly?")
        }
        let version = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let scratch = try PrivateDirectory.forRun()
        let stripped = scratch.path + "/bench-case"
        if let strip = executableOnPath("strip"),
           let outcome = try? ChildProcess.run(strip, ["-o", stripped, child], timeout: 60), outcome.exitStatus == 0 {
            return InstructionCounter(valgrind: valgrind, valgrindVersion: version, child: stripped, timeout: timeout,
                                      scratch: scratch)
        }
        return InstructionCounter(valgrind: valgrind, valgrindVersion: version, child: child, timeout: timeout,
                                  scratch: scratch)
    }

    /// The instructions `benchCase` executes in its measured interval, or why they could not be counted.
    public func count(_ benchCase: BenchCase,
                      shouldStop: () -> Bool = { false }) -> Result<Int, InstructionCountError> {
        var quiet = benchCase
        quiet.samplerInterval = -1
        let output = scratch.path + "/callgrind-\(UInt32.random(in: 0...UInt32.max)).out"
        defer {
            for suffix in ["", ".1", ".2"] { try? FileManager.default.removeItem(atPath: output + suffix) }
        }
        let arguments = ["--tool=callgrind", "--callgrind-out-file=\(output)", child] + quiet.arguments
        guard let outcome = try? ChildProcess.run(valgrind, arguments, timeout: timeout,
                                                  environment: ["SWIFT_BACKTRACE": "enable=no"],
                                                  shouldStop: shouldStop) else {
            return .failure(InstructionCountError("could not start Valgrind"))
        }
        if outcome.interrupted { return .failure(InstructionCountError("interrupted")) }
        if outcome.timedOut { return .failure(InstructionCountError("timed out under Callgrind after \(Int(timeout)) s")) }
        guard outcome.exitStatus == 0 else {
            let last = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(InstructionCountError("the child under Callgrind exited with status "
                                                  + "\(outcome.exitStatus.map(String.init) ?? "signal"): \(last)"))
        }
        guard let text = try? String(contentsOfFile: output + ".1", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
              let count = Int(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)) else {
            return .failure(InstructionCountError("Callgrind wrote no dump of the measured interval (client requests "
                                                  + "unsupported on this CPU?)"))
        }
        return .success(count)
    }

    /// The first executable called `name` in `PATH`'s directories.
    public static func executableOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Why an instruction count failed.
public struct InstructionCountError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
