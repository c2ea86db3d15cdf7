import CaseModel
import BenchPlan
import Foundation
import GIFCodec

/// Runs each case, or feed, in a fresh child process, the `bench-case` program built beside `bench`, so peak RSS and
/// jemalloc's state start clean; a crash or a timeout becomes a failed row and the run goes on.
///
/// The child is a separate, Foundation-free, statically linked program rather than `bench` itself: its baseline
/// RSS is about 5 MiB instead of about 20 MiB of shared-library pages, which would otherwise swamp the
/// windowed decoder's figures.
public struct CaseRunner: Sendable {
    /// The child program's name, looked up beside the running binary.
    public static let childProgram = "bench-case"

    /// What starts each child: a process of `executable`, or a test's stand-in.
    public var launcher: any ChildLauncher
    /// Seconds a case may take before it is killed.
    public var timeout: Double
    /// GIF name → the hash of the bytes the run pinned when it began: a case that played other bytes (the file was
    /// replaced or changed during the run) fails, rather than being averaged in under the first file's facts.
    public var pinnedBytes: [String: String] = [:]

    /// A runner that starts `executable` for each case.
    public init(executable: String, timeout: Double = 300) {
        self.init(launcher: ProcessLauncher(executable: executable), timeout: timeout)
    }

    public init(launcher: any ChildLauncher, timeout: Double = 300) {
        self.launcher = launcher
        self.timeout = timeout
    }

    /// This process's own binary: the link /proc/self/exe, else the path it was started by.
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs `cases` one after another; `progress` is told before and after each one.
    /// A case stopped by `shouldStop` is dropped, not reported as a failure: the run is incomplete instead.
    /// Before the first repetition of each setting, `warmUp` unmeasured children play it (`--warmup`), their results
    /// thrown away: the first child of a setting may otherwise pay for a cold page cache or CPU clock.
    public func run(_ cases: [BenchCase], warmUp: Int = 0, warmingUp: ((BenchCase) -> Void)? = nil,
                    progress: ((Int, BenchCase, CaseResult?) -> Void)? = nil,
                    shouldStop: () -> Bool = { false }) -> [CaseResult] {
        var results: [CaseResult] = []
        var warmed: Set<CaseIdentity> = []
        for (index, benchCase) in cases.enumerated() {
            if shouldStop() { break }
            if warmUp > 0 && warmed.insert(benchCase.identity).inserted {
                // A warm-up's figures are thrown away: it probes no pacing.
                var warming = benchCase
                warming.probesPacing = false
                for _ in 0..<warmUp where !shouldStop() {
                    warmingUp?(benchCase)
                    _ = run(warming, shouldStop: shouldStop)
                }
                if shouldStop() { break }
            }
            progress?(index, benchCase, nil)
            let result = run(benchCase, shouldStop: shouldStop)
            if shouldStop() { break }
            results.append(result)
            progress?(index, benchCase, result)
        }
        return results
    }

    /// Runs one case in a child process and reads its JSON result.
    public func run(_ benchCase: BenchCase, shouldStop: () -> Bool = { false }) -> CaseResult {
        var result = request(benchCase.arguments, shouldStop: shouldStop, \.caseResult,
                             failed: { CaseResult(benchCase: benchCase, failure: $0) })
        if let pinned = pinnedBytes[benchCase.gif], let played = result.gifBytesHash, played != pinned {
            result.failure = "the file changed during the run: its bytes hash to \(played) now, not \(pinned) as "
                             + "when the run began"
        }
        return result
    }

    /// Runs one feed (several players at once) in a child process, the same child and protocol as a case
    /// (``ChildRequest``), and reads its JSON result.
    public func run(_ feed: FeedCase, shouldStop: () -> Bool = { false }) -> FeedResult {
        request(feed.arguments, shouldStop: shouldStop, \.feedResult, failed: { FeedResult(feed: feed, failure: $0) })
    }

    /// Starts the child with `arguments` (a request) and decodes its ``ChildReply``, taking the result `kind` reads
    /// from it; an interruption, a timeout, a crash, a bad reply or one of the other kind becomes `failed(reason)`, one
    /// line.
    private func request<Result>(_ arguments: [String], shouldStop: () -> Bool, _ kind: (ChildReply) -> Result?,
                                 failed: (String) -> Result) -> Result {
        do {
            let outcome = try child(arguments, shouldStop: shouldStop)
            switch Self.read(outcome, timeout: timeout, Self.decodeReply as (Data) throws -> ChildReply) {
            case .success(let reply): return kind(reply) ?? failed("the child answered with a result of another kind")
            case .failure(let failure): return failed(failure.reason)
            }
        } catch {
            return failed(error.description)
        }
    }

    /// Starts the child with `arguments` through the launcher and waits for it, within the time limit.
    private func child(_ arguments: [String],
                       shouldStop: () -> Bool = { false }) throws(ChildStartError) -> ChildOutcome {
        try launcher.launch(arguments, timeout: timeout, shouldStop: shouldStop)
    }

    /// Composites every frame of `path` once in a child (``ChildRequest/check(path:limits:)``), within the case time
    /// limit; `nil` when the file plays, else the one-line reason.
    public func checkPlayability(of path: String, limits: DecodeLimits) -> String? {
        let outcome: ChildOutcome
        do { outcome = try child(ChildRequest.check(path: path, limits: limits).arguments) } catch { return error.description }
        if outcome.timedOut { return "decoding every frame once took longer than the "
                                     + "\(Format.fixed(timeout, digits: 0)) s time limit (--timeout)" }
        if let signal = outcome.signal { return "decoding crashed with signal \(signal)\(Self.signalName(signal))" }
        if outcome.exitStatus == 0 { return nil }
        let reason = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return reason.isEmpty ? "the playability check exited with status \(outcome.exitStatus ?? -1)" : reason
    }

    /// A child's result, decoded from its standard output, or the one line saying why there is none: interrupted,
    /// timed out, crashed, or exited badly (with the last line it wrote on stderr).
    public static func read<Value>(_ outcome: ChildOutcome, timeout: Double,
                                   _ decode: (Data) throws -> Value) -> Result<Value, ChildFailure> {
        if outcome.interrupted { return .failure(ChildFailure(reason: "interrupted")) }
        if outcome.timedOut { return .failure(ChildFailure(reason: "timed out after "
                                                                   + "\(Format.fixed(timeout, digits: 0)) s")) }
        if let signal = outcome.signal { return .failure(ChildFailure(reason: "child crashed with signal "
                                                                              + "\(signal)\(signalName(signal))")) }
        if outcome.exitStatus == 0, let value = try? decode(outcome.standardOutput) { return .success(value) }
        let lastLine = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "no output"
        return .failure(ChildFailure(reason: "child exited with status \(outcome.exitStatus ?? -1): \(lastLine)"))
    }

    /// Runs this program again as a child of one request (`speed --measure-one`, `cache --measure-one`) within
    /// `timeout` seconds, and reads the `Value` it prints as JSON; nil when `shouldStop` stopped it. A failure's
    /// reason is the child's own error line without its `bench: error:` prefix, or why it has none.
    public static func askOwnProgram<Value: Decodable>(_ arguments: [String], timeout: Double,
                                                       shouldStop: () -> Bool) throws(ChildStartError)
        -> Result<Value, ChildFailure>? {
        let outcome = try ChildProcess.run(ownExecutable, arguments, timeout: timeout,
                                           environment: ["SWIFT_BACKTRACE": "enable=no"], shouldStop: shouldStop)
        if outcome.interrupted { return nil }
        return read(outcome, timeout: timeout) { try JSONDecoder().decode(Value.self, from: $0) }.mapError { failure in
            ChildFailure(reason: failure.reason.components(separatedBy: "bench: error: ").last ?? failure.reason)
        }
    }

    /// Reads a child's JSON: a ``ChildReply``, or any other value written the same way.
    public static func decodeReply<Reply: Decodable>(_ data: Data) throws -> Reply {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf",
                                                                        negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(Reply.self, from: data)
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: " (SIGSEGV)"
        case SIGABRT: " (SIGABRT)"
        case SIGKILL: " (SIGKILL)"
        case SIGILL: " (SIGILL)"
        case SIGTRAP: " (SIGTRAP)"
        case SIGBUS: " (SIGBUS)"
        default: ""
        }
    }
}

/// Why a child process gave no result, in one line.
public struct ChildFailure: Error {
    public let reason: String
}
