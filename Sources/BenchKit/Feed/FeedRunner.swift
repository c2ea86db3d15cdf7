import BenchCore
import Foundation

/// Runs each feed in a fresh `bench-case` child, so peak RSS and jemalloc's state start clean; a crash or a timeout
/// becomes a failed row.
public struct FeedRunner: Sendable {
    public var executable: String
    public var timeout: Double

    public init(executable: String, timeout: Double) {
        self.executable = executable
        self.timeout = timeout
    }

    public func run(_ feed: FeedCase, shouldStop: () -> Bool = { false }) -> FeedResult {
        do {
            let outcome = try ChildProcess.run(executable, feed.arguments, timeout: timeout,
                                               environment: ["SWIFT_BACKTRACE": "enable=no"], shouldStop: shouldStop)
            if outcome.interrupted { return FeedResult(feed: feed, failure: "interrupted") }
            if outcome.timedOut { return FeedResult(feed: feed, failure: "timed out after \(Format.fixed(timeout, digits: 0)) s") }
            if let signal = outcome.signal { return FeedResult(feed: feed, failure: "child crashed with signal \(signal)\(CaseRunner.signalName(signal))") }
            if outcome.exitStatus == 0, let result = try? Self.decode(outcome.standardOutput) { return result }
            let lastLine = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "no output"
            return FeedResult(feed: feed, failure: "child exited with status \(outcome.exitStatus ?? -1): \(lastLine)")
        } catch {
            return FeedResult(feed: feed, failure: "could not start the child process: \(error)")
        }
    }

    /// Reads a child's JSON result.
    public static func decode(_ data: Data) throws -> FeedResult {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(FeedResult.self, from: data)
    }
}
