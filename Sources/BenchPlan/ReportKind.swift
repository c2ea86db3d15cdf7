/// A kind of report bench publishes into a folder of its own, and the files it writes there: the one list that the
/// exporters (BenchReports' `PublishedReport`), the destination checks and the check for a user's files all read.
public enum ReportKind: String, CaseIterable, Sendable {
    case run, feed, gate, cache

    /// The files a report of this kind publishes, charts aside, in the order they are written.
    public var files: [ReportFile] {
        switch self {
        case .run: [.resultsCSV, .resultsMarkdown, .resultsJSON]
        case .feed: [.feedCSV, .feedMarkdown, .feedJSON]
        case .gate: [.gateMarkdown, .roundsCSV, .passesCSV, .regressions, .candidateJSON, .baseJSON]
        case .cache: [.cacheCSV, .cacheMarkdown]
        }
    }

    /// Every file a report folder's publication owns: each kind's, the rows journaled during a run, the manifest and
    /// the lock.
    static var folderFiles: [ReportFile] { allCases.flatMap(\.files) + [.partialResults] }
}

/// One file of a report, by name, and how bench's own copy of it begins: a file where a report goes that does not
/// begin so is the user's, and a run will not replace it.
public struct ReportFile: Sendable, Hashable {
    /// The file's name in the report folder.
    public let name: String
    /// Lines bench's file may begin with; empty for a JSON report, which opens with `{` and names its `metadata`.
    let openings: [String]

    init(_ name: String, begins openings: String...) {
        self.name = name
        self.openings = openings
    }

    /// Whether `head`, the start of a file of this name, is how bench writes it.
    public func isWrittenByBench(head: String) -> Bool {
        if openings.isEmpty { return head.hasPrefix("{") && head.contains("\"metadata\"") }
        return openings.contains { head.hasPrefix($0) }
    }

    public static let resultsCSV = ReportFile("results.csv", begins: "gif,")
    public static let resultsMarkdown = ReportFile("results.md", begins: "# GIF Frame Bench report")
    public static let resultsJSON = ReportFile("results.json")
    /// The rows of a run journaled as they finish, which a resumed run reads.
    public static let partialResults = ReportFile("results.partial.jsonl", begins: "{")
    public static let feedCSV = ReportFile("feed.csv", begins: "model,")
    public static let feedMarkdown = ReportFile("feed.md", begins: "# Feed")
    public static let feedJSON = ReportFile("feed.json")
    public static let gateMarkdown = ReportFile("gate.md", begins: "# Comparison with the baseline")
    public static let roundsCSV = ReportFile("rounds.csv", begins: "round,")
    public static let passesCSV = ReportFile("passes.csv", begins: "gif,")
    /// The regressions a gate found, which `bench gate --confirm` reads.
    public static let regressions = ReportFile("regressions.tsv", begins: "gif\tsetting")
    public static let candidateJSON = ReportFile("candidate.json")
    public static let baseJSON = ReportFile("base.json")
    public static let cacheCSV = ReportFile("cache.csv", begins: "gif,")
    public static let cacheMarkdown = ReportFile("cache.md", begins: "# GIF Frame Bench: the cache store path")
}
