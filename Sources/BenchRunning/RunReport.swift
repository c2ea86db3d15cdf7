import CaseModel
import BenchPlan
import BenchCore

/// Everything one `bench run` produced: the reporters' single input.
public struct RunReport: Sendable, Codable {
    /// The format of reports and baselines; a file with another schema is refused, not misread.
    public static let schema = "gif-frame-bench-report/1"
    public var schema: String
    public var metadata: RunMetadata
    public var results: [CaseResult]
    public var summaries: [CaseSummary]
    /// The run was interrupted; only the cases that finished are here.
    public var incomplete: Bool

    public init(metadata: RunMetadata, results: [CaseResult], incomplete: Bool = false) {
        schema = Self.schema
        self.metadata = metadata
        self.results = results
        self.summaries = CaseSummary.summarise(results)
        self.incomplete = incomplete
    }

    /// GIF names in first-seen order.
    public var gifs: [String] {
        var seen: Set<String> = []
        return summaries.map(\.gif).filter { seen.insert($0).inserted }
    }
}
