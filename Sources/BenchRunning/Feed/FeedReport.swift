import CaseModel
import BenchPlan
import BenchCore

/// A `bench feed` run: every model's feeds, and what a team asked of them (`--budget`).
public struct FeedReport: Sendable, Codable {
    public var metadata: RunMetadata
    public var results: [FeedResult]
    /// The memory budget models are held to, in bytes (`--budget`); nil when none was given.
    public var budget: Int?
    public var incomplete: Bool
    /// Each model's background queue as its library has it (``FeedModel/queue``), by model name.
    public var queues: [String: String]

    public init(metadata: RunMetadata, results: [FeedResult], budget: Int?, incomplete: Bool, queues: [String: String] = [:]) {
        self.metadata = metadata
        self.results = results
        self.budget = budget
        self.incomplete = incomplete
        self.queues = queues
    }

    /// One model's repetitions, summarised by medians (stalls and dropped frames by the worst repetition).
    public struct ModelSummary: Sendable {
        public var model: String
        public var runs: [FeedResult]

        func median(_ value: (FeedResult) -> Double) -> Double { Statistics.median(runs.map(value)) }
        public var allocatedPeak: Double { median { Double($0.allocatedPeak) } }
        public var rssPeak: Double { median { Double($0.rssPeak) } }
        public var heldFramesMaxSum: Double { median { Double($0.heldFramesMaxSum) } }
        public var stalls: Int { runs.map(\.stalls).max() ?? 0 }
        public var worstPlayerStalls: Int { runs.map(\.worstPlayerStalls).max() ?? 0 }
        public var droppedFrames: Int { runs.map(\.droppedFrames).max() ?? 0 }
        public var worstPlayerDropped: Int { runs.map(\.worstPlayerDropped).max() ?? 0 }
        public var latenessSeconds: Double { median(\.latenessSeconds) }
        public var worstPlayerLatenessSeconds: Double { median(\.worstPlayerLatenessSeconds) }
        public var cpuPerAnimationSecond: Double { median(\.cpuPerAnimationSecond) }
        public var cpuSeconds: Double { median(\.cpuSeconds) }
        public var harnessShare: Double { median(\.harnessShare) }
        public var retainedAfterLeave: Double { median { Double($0.retainedAfterLeave) } }
        public var worstFirstFrameSeconds: Double { median(\.worstFirstFrameSeconds) }
        /// Played without a stall or a dropped frame in every repetition.
        public var smooth: Bool { stalls == 0 && droppedFrames == 0 }
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
        return models.filter { $0.smooth && $0.allocatedPeak <= Double(budget) }.sorted { $0.allocatedPeak < $1.allocatedPeak }
    }
}
