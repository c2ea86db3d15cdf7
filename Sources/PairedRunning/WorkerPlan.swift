import BenchRunning
import CaseModel
import Foundation

/// What `bench run --worker-plan` prints: each case the suite holds (once, whatever its repetitions) and the
/// command line of its warm worker. The gate asks each side for its own, so each side speaks to its own child in its
/// own request format; the two agree only on this listing, written in the report's JSON coding.
public struct WorkerPlan: Codable, Sendable {
    /// One case and its worker's command line (``ChildRequest/work(benchCase:)``).
    public struct Entry: Codable, Sendable {
        public var benchCase: BenchCase
        public var arguments: [String]
    }

    public static let currentSchema = "gif-frame-bench-worker-plan/1"
    public var schema: String
    public var protocolVersion: Int
    public var entries: [Entry]

    public init(cases: [BenchCase]) {
        schema = Self.currentSchema
        protocolVersion = PassProtocol.version
        var seen: Set<CaseIdentity> = []
        entries = cases.filter { seen.insert($0.identity).inserted }.map {
            Entry(benchCase: $0, arguments: $0.workerArguments)
        }
    }

    public func encoded() throws -> Data { try ReportJSON.encode(self) }

    /// A plan from `data`, or nil when it is not one this gate can drive (another schema or protocol version).
    public static func decode(_ data: Data) -> WorkerPlan? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let plan = try? decoder.decode(WorkerPlan.self, from: data), plan.schema == currentSchema,
            plan.protocolVersion == PassProtocol.version
        else { return nil }
        return plan
    }
}
