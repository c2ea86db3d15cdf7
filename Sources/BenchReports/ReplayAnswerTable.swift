import BenchPlan
import BenchReplay
import BenchRunning

/// The answer a throughput run gives, first in its report and on stdout: every GIF replayed on a virtual display
/// link from its traced frame costs. One table for the windowed decoder's smallest smooth window, one for the
/// libraries' players, both beside eager's figures.
enum ReplayAnswerTable {
    static func render(_ answer: ReplayAnswer) -> [String] {
        let rows = answer.answers
        guard !rows.isEmpty else { return [] }
        let refresh = Set(rows.map(\.refreshHz)).sorted().map { Format.fixed($0, digits: 0) + " Hz" }.joined(separator: ", ")
        var out = ["Replayed from what each frame's decode cost in this run, on a virtual \(refresh) display "
                   + "link through the "
                   + "real-time player (\(Format.count(answer.loops, "loop")); no real-time run needed). Peak "
                   + "allocated is estimated: "
                   + "the GIF's measured bytes besides pixels, and the frames each player held. CPU is the player's "
                   + "decoding per loop. "
                   + "`--mode realtime` plays the settings for real.", "",
                   "| GIF | speed | smallest window without a stall | peak allocated | ÷ eager | decoding CPU per "
                   + "loop | ÷ eager |",
                   "|---|---:|---|---:|---:|---:|---:|"]
        for row in rows {
            let speed = Format.fixed(row.speed, digits: 2) + "×"
            guard let window = row.smallestWindow else {
                out.append("| \(MarkdownReporter.cell(row.gif)) | \(speed) | none up to w=\(answer.largestWindow): "
                           + "keep every frame (eager) | "
                           + "\(Format.bytes(row.eager.peakAllocatedBytes)) | 1× | "
                           + "\(Format.duration(row.eager.cpuPerLoopSeconds)) | 1× |")
                continue
            }
            out.append("| \(MarkdownReporter.cell(row.gif)) | \(speed) | "
                       + "\(window.label.replacingOccurrences(of: "windowed ", with: "")) | "
                       + cells(window, eager: row.eager) + " |")
        }
        out += ["", "| GIF | speed | player | replayed | peak allocated | ÷ eager | decoding CPU per loop | ÷ eager |",
                "|---|---:|---|---|---:|---:|---:|---:|"]
        for row in rows {
            for player in row.libraries {
                out.append("| \(MarkdownReporter.cell(row.gif)) | \(Format.fixed(row.speed, digits: 2))× | "
                           + "\(MarkdownReporter.cell(player.label)) | "
                           + "\(verdict(player.outcome)) | \(cells(player, eager: row.eager)) |")
            }
        }
        return out + [""]
    }

    /// "smooth", "3 stalls", "12 dropped frames".
    static func verdict(_ outcome: ReplayOutcome) -> String {
        var parts: [String] = []
        if outcome.stalls > 0 { parts.append(Format.count(outcome.stalls, "stall")) }
        if outcome.droppedFrames > 0 { parts.append(Format.count(outcome.droppedFrames, "dropped frame")) }
        return parts.isEmpty ? "smooth" : parts.joined(separator: ", ")
    }

    /// Peak allocated and CPU per loop, each beside its ratio to eager's.
    static func cells(_ setting: ReplayedSetting, eager: ReplayedSetting) -> String {
        "\(Format.bytes(setting.peakAllocatedBytes)) | "
        + "\(Format.ratio(setting.peakAllocatedBytes / max(eager.peakAllocatedBytes, 1))) | "
            + "\(Format.duration(setting.cpuPerLoopSeconds)) | "
            + "\(Format.ratio(setting.cpuPerLoopSeconds / max(eager.cpuPerLoopSeconds, 1e-12)))"
    }
}
