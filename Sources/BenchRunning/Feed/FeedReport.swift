import CaseModel

/// A `bench feed` run: every model's feeds, and what a team asked of them (`--budget`).
public struct FeedReport: Sendable, Codable {
    public var metadata: RunMetadata
    public var results: [FeedResult]
    /// The memory budget models are held to, in bytes (`--budget`); nil when none was given.
    public var budget: Int?
    public var incomplete: Bool
    /// Each model's background queue as its library has it (``DecoderSetting/queue``), by model name.
    public var queues: [String: String]
    /// Each model's feed replayed from traced decode costs (`--replay`), in the models' order; empty when not asked.
    public var replays: [FeedReplayRow]

    public init(metadata: RunMetadata, results: [FeedResult], budget: Int?, incomplete: Bool,
                queues: [String: String] = [:],
                replays: [FeedReplayRow] = []) {
        self.metadata = metadata
        self.results = results
        self.budget = budget
        self.incomplete = incomplete
        self.queues = queues
        self.replays = replays
    }

    private enum CodingKeys: String, CodingKey { case metadata, results, budget, incomplete, queues, replays }

    /// A report written before replays were kept reads with none.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(metadata: try values.decode(RunMetadata.self, forKey: .metadata),
                  results: try values.decode([FeedResult].self, forKey: .results),
                  budget: try values.decodeIfPresent(Int.self, forKey: .budget),
                  incomplete: try values.decode(Bool.self, forKey: .incomplete),
                  queues: try values.decodeIfPresent([String: String].self, forKey: .queues) ?? [:],
                  replays: try values.decodeIfPresent([FeedReplayRow].self, forKey: .replays) ?? [])
    }

    /// One model's repetitions, each figure summarised as its ``FeedMeasure`` says.
    public struct ModelSummary: Sendable {
        public var model: String
        public var runs: [FeedResult]

        /// The repetitions' figure for `measure`: their median, or their worst for stalls and dropped frames
        /// (``FeedMeasure/summarisedByWorst``); 0 when no repetition has it.
        public subscript(_ measure: FeedMeasure) -> Double {
            let values = runs.compactMap { $0.value(measure) }
            guard !values.isEmpty else { return 0 }
            return measure.summarisedByWorst ? values.max() ?? 0 : Statistics.median(values)
        }

        /// Played without a stall or a dropped frame in every repetition.
        public var smooth: Bool { self[.stalls] == 0 && self[.droppedFrames] == 0 }
    }

    /// The models in the order they ran, with their measured repetitions.
    public var models: [ModelSummary] {
        var order: [String] = []
        for result in results where result.failure == nil && !order.contains(result.feed.model) { order.append(result.feed.model) }
        return order.map { model in ModelSummary(model: model, runs: results.filter { $0.feed.model == model && $0.failure == nil }) }
    }

    /// The models that stay within the budget without a stall or a dropped frame, cheapest first.
    public var withinBudget: [ModelSummary] {
        guard let budget else { return [] }
        return models.filter { $0.smooth && $0[.allocatedPeak] <= Double(budget) }.sorted { $0[.allocatedPeak] < $1[.allocatedPeak] }
    }
}
