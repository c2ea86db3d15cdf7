import BenchReplay
import CaseModel

/// Everything one `bench run` produced: the reporters' single input.
public struct RunReport: Sendable, Codable {
    /// The format of reports and baselines this bench writes; a file with a schema not in ``readableSchemas`` is
    /// refused, not misread. Schema 2 spells each measure of a result as its CSV column (`cpu_user_s`), where
    /// schema 1 wrote `cpu_user_seconds`; everything else is the same.
    public static let schema = "gif-frame-bench-report/2"
    /// The schemas this bench reads: its own and schema 1, whose measure keys ``Measure/firstSchemaKey`` names.
    public static let readableSchemas = ["gif-frame-bench-report/1", schema]
    public var schema: String
    public var metadata: RunMetadata
    public var results: [CaseResult]
    public var summaries: [CaseSummary]
    /// The run was interrupted; only the cases that finished are here.
    public var incomplete: Bool
    /// Throughput mode: the settings replayed from the frames' traced costs, the run's answer.
    public var replay: ReplayAnswer?

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
