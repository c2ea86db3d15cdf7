import BenchCore

/// The feed's allocated memory over time, one line per model (its first repetition), with the first model's players
/// entering (+), leaving (−) and the memory warning (!) marked.
public enum FeedTimelineChart {
    public static let fileName = "feed-memory.svg"

    public static func render(_ report: FeedReport) -> String {
        let first = report.models.compactMap { $0.runs.first }
        let players = first.first.map { "\($0.feed.players) players" } ?? "a feed"
        var chart = SVGChart(title: "\(players): allocated memory over the feed", xLabel: "time (s)", yLabel: "allocated (MiB)")
        for run in first where !run.timeline.isEmpty {
            chart.series.append(.init(name: run.feed.model, points: run.timeline.map { ($0.time, Double($0.allocated) / 1_048_576) }, connected: true))
        }
        var marked: Set<String> = []
        for event in first.first?.events ?? [] {
            let key = "\(event.kind.rawValue)@\(Format.fixed(event.seconds, digits: 3))"
            guard marked.insert(key).inserted else { continue }
            switch event.kind {
            case .enter: chart.markers.append((event.seconds, "+", "#2ca02c"))
            case .leave: chart.markers.append((event.seconds, "−", "#7f7f7f"))
            case .memoryWarning: chart.markers.append((event.seconds, "! warning", "#d62728"))
            }
        }
        return chart.render()
    }
}
