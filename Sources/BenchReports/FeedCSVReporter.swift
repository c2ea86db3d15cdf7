import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts
import BenchCore

/// One row per model and repetition, RFC 4180 with CRLF line ends; bytes, seconds and counts in their own units.
public enum FeedCSVReporter {
    static let columns: [(name: String, cell: @Sendable (FeedResult) -> String)] = [
        ("model", { $0.feed.model }),
        ("repetition", { "\($0.feed.repetition)" }),
        ("players", { "\($0.feed.players)" }),
        ("entrants", { "\($0.feed.schedule.entrants)" }),
        ("scroll_per_s", { Format.fixed($0.feed.scrollRate, digits: 3) }),
        ("feed_s", { Format.fixed($0.feed.seconds, digits: 3) }),
        ("gifs", { Set($0.feed.gifs.map(\.name)).sorted().joined(separator: " ") }),
        ("device", { $0.feed.device ?? "" }),
        ("display", { $0.feed.display.map { "\($0.width)x\($0.height)" } ?? "full" }),
        ("codec", { $0.feed.codec.rawValue }),
        ("pool_width", { "\($0.poolWidth)" }),
        ("pool_max_running", { "\($0.poolMaxRunning)" }),
        ("allocated_peak_bytes", { "\($0.allocatedPeak)" }),
        ("rss_peak_bytes", { "\($0.rssPeak)" }),
        ("held_frames_max_sum", { "\($0.heldFramesMaxSum)" }),
        ("stalls_total", { "\($0.stalls)" }),
        ("stalls_worst_player", { "\($0.worstPlayerStalls)" }),
        ("dropped_total", { "\($0.droppedFrames)" }),
        ("dropped_worst_player", { "\($0.worstPlayerDropped)" }),
        ("lateness_total_s", { Format.seconds($0.latenessSeconds) }),
        ("lateness_worst_player_s", { Format.seconds($0.worstPlayerLatenessSeconds) }),
        ("first_frame_worst_s", { Format.seconds($0.worstFirstFrameSeconds) }),
        ("cpu_s", { Format.seconds($0.cpuSeconds) }),
        ("wall_s", { Format.seconds($0.wallSeconds) }),
        ("animation_s", { Format.seconds($0.animationSeconds) }),
        ("cpu_ms_per_animation_s", { Format.fixed($0.cpuPerAnimationSecond * 1000, digits: 3) }),
        ("harness_cpu_s", { Format.seconds($0.harnessCPUSeconds) }),
        ("harness_share", { Format.fixed($0.harnessShare, digits: 4) }),
        ("missed_ticks", { "\($0.missedTicks)" }),
        ("allocated_start_bytes", { "\($0.allocatedAtStart)" }),
        ("allocated_end_bytes", { "\($0.allocatedAtEnd)" }),
        ("retained_after_leave_bytes", { "\($0.retainedAfterLeave)" }),
        ("warning_s", { $0.warning.map { Format.fixed($0.seconds, digits: 3) } ?? "" }),
        ("warning_players", { $0.warning?.playersReached.map { "\($0)" } ?? "" }),
        ("warning_freed_bytes", { $0.warning.map { "\($0.freedBytes)" } ?? "" }),
        ("failure", { $0.failure ?? "" }),
    ]

    public static func render(_ report: FeedReport) -> String {
        var lines = [columns.map(\.name).joined(separator: ",")]
        for result in report.results { lines.append(columns.map { Format.csvField($0.cell(result)) }.joined(separator: ",")) }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

extension FeedResult {
    /// The memory warning's event, when one was delivered.
    public var warning: FeedEvent? { events.first { $0.kind == .memoryWarning } }
}
