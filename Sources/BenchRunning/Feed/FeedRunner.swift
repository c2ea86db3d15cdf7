import CaseModel
import BenchPlan
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
            switch CaseRunner.read(outcome, timeout: timeout, Self.decode) {
            case .success(let result): return result
            case .failure(let failure): return FeedResult(feed: feed, failure: failure.reason)
            }
        } catch {
            return FeedResult(feed: feed, failure: error.description)
        }
    }

    /// Reads a child's JSON result.
    public static func decode(_ data: Data) throws -> FeedResult {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(FeedResult.self, from: data)
    }
}
