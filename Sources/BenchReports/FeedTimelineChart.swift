import BenchRunning

/// The feed's allocated memory over time, one line per model (its first repetition; hollow when its players stalled or
/// dropped frames), with the first model's players entering (+), leaving (−) and the memory warning (!) marked.
public enum FeedTimelineChart {
    public static let fileName = "feed-memory.svg"

    public static func render(_ report: FeedReport) -> String {
        let first = report.models.compactMap { $0.runs.first }
        let players = first.first.map { "\($0.feed.players) players" } ?? "a feed"
        var chart = SVGChart(title: "\(players): allocated memory over the feed", xLabel: "time (s)",
                             yLabel: "allocated (MiB)")
        chart.xMayBeLog = false
        for run in first where !run.timeline.isEmpty {
            // A model whose players stalled or dropped frames is drawn hollow, as a setting that did is in a case's
            // charts.
            chart.series.append(.init(name: run.feed.model,
                                      points: run.timeline.map { ($0.time, Double($0.allocated) / 1_048_576) },
                                      connected: true, flagged: run.stalls + run.droppedFrames > 0))
        }
        chart.flaggedName = "players stalled or dropped frames"
        // One marker per instant, its label every event there: "−+" is a player leaving and the next entering.
        var instants: [(seconds: Double, label: String)] = []
        for event in first.first?.events ?? [] {
            let symbol = switch event.kind {
            case .enter: "+"
            case .leave: "−"
            case .memoryWarning: "! warning"
            }
            if let last = instants.last, abs(last.seconds - event.seconds) < 1e-6 {
                if !last.label.hasSuffix(symbol) { instants[instants.count - 1].label += symbol }
            } else {
                instants.append((event.seconds, symbol))
            }
        }
        chart.markers = instants.map { instant in
            let color = instant.label.contains("!") ? "#d62728" : instant.label.contains("−") ? "#7f7f7f" : "#2ca02c"
            return (instant.seconds, instant.label, color)
        }
        return chart.render()
    }
}
