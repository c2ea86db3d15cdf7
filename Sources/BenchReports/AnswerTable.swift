import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts

/// The question a run is for, answered first, in one table across GIFs: for each GIF and each way it was played (a
/// speed, a device, a display, a codec), the setting that needs the least memory without a stall or a dropped frame,
/// its memory and CPU beside eager's, and the runner-up. Throughput mode cannot tell stalls; its rows say so and give
/// the real-time command instead.
public enum AnswerTable {
    public static func render(_ report: RunReport) -> [String] {
        var lines: [String] = []
        var throughputGIFs: [String] = []
        let tunes = LibraryTuning.tunes(report.summaries)
        for gif in report.gifs {
            let rows = report.summaries.filter { $0.gif == gif && $0.repetitions > 0 && $0.failures == 0 }
            for way in Recommendation.playings(rows) {
                let played = rows.filter { $0.identity.eagerPartner == way }
                guard way.mode == .realtime else {
                    if !throughputGIFs.contains(gif) { throughputGIFs.append(gif) }
                    continue
                }
                lines.append(line(gif: gif, way: way, played) + (tunes ? " \(LibraryTuning.cell(played)) |" : ""))
            }
        }
        let replayed = report.replay.map(ReplayAnswerTable.render) ?? []
        let answered = Set(report.replay?.answers.map(\.gif) ?? [])
        throughputGIFs.removeAll { answered.contains($0) }
        guard !lines.isEmpty || !throughputGIFs.isEmpty || !replayed.isEmpty else { return [] }
        var out = ["## Answer", ""] + busyLine(report.metadata.hostActivity) + deviceLine(report) + replayed
        if !lines.isEmpty {
            out += ["The setting that needs the least memory (median peak allocated) without a stall or a "
                    + "dropped frame in any "
                    + "repetition, beside eager's figures; ranges are the repetitions' (lowest to highest)."
                    + (tunes ? " For each library whose settings were changed, the value that needs the least memory "
                               + "without a stall or "
                       + "a dropped frame, beside the library's default." : ""), "",
                    "| GIF | played | least memory, smooth | peak allocated | ÷ eager | player CPU per s of animation "
                    + "| ÷ eager | runner-up |"
                    + (tunes ? " library settings, against the default |" : ""),
                    "|---|---|---|---:|---:|---:|---:|---|" + (tunes ? "---|" : "")]
            out += lines
            out.append("")
        }
        if !throughputGIFs.isEmpty {
            out += ["Throughput mode plays frames as fast as they decode, so it cannot tell stalls or dropped frames: "
                    + "\(throughputGIFs.count) GIF\(throughputGIFs.count == 1 ? " was" : "s were") played only "
                    + "that way here. "
                    + "To find the setting that plays each without a stall, run: `\(realtimeCommand(report))`", ""]
        }
        return out
    }

    /// One line when the host was busy while the run played: other processes' CPU, or a hypervisor's steal.
    static func busyLine(_ activity: HostActivity?) -> [String] {
        guard let activity, activity.isBusy else { return [] }
        return ["> **This host was busy while the run played:** other processes kept "
                + "\(Format.fixed(activity.othersCPUs, digits: 1)) of its "
                + "\(activity.cores) CPUs busy on average, and a hypervisor took "
                + "\(Format.fixed(activity.stealShare * 100, digits: 0))% of "
                + "its CPU time. Real-time stalls and CPU times carry that noise; the replay, made of each thread's "
                + "own CPU, much less.",
                ""]
    }

    /// One GIF played one way in real time.
    static func line(gif: String, way: CaseIdentity, _ rows: [CaseSummary]) -> String {
        let smooth = rows.filter(\.playsSmoothly).sorted { $0.median(.jemallocAllocatedPeak) < $1.median(.jemallocAllocatedPeak) }
        let played = playedText(way)
        guard let best = smooth.first else {
            let worst = rows.map { Int($0.median(.stalls)) + Int($0.median(.droppedFrames)) }.min() ?? 0
            return "| \(MarkdownReporter.cell(gif)) | \(played) | none: every setting stalled or dropped frames (the "
                   + "best, \(worst) a loop) | | | | | |"
        }
        let eager = rows.first { $0.decoder == .eager }
        let memory = figure(best, .jemallocAllocatedPeak, Format.bytes)
        let cpu = figure(best, best.answerCPU, Format.duration)
        let memoryRatio = eager.map { Format.ratio(best.median(.jemallocAllocatedPeak) / max($0.median(.jemallocAllocatedPeak), 1)) } ?? "no eager run"
        let cpuRatio = eager.map { Format.ratio(best.median(best.answerCPU) / max($0.median($0.answerCPU), 1e-9)) } ?? "no eager run"
        let runnerUp = smooth.dropFirst().first.map { "\(MarkdownReporter.cell($0.label)), "
                                                      + "\(Format.bytes($0.median(.jemallocAllocatedPeak)))" } ?? "none"
        return "| \(MarkdownReporter.cell(gif)) | \(played) | \(MarkdownReporter.cell(best.label)) | \(memory) | "
               + "\(memoryRatio) | \(cpu) | \(cpuRatio) | \(runnerUp) |"
    }

    /// "3.1 MiB (3.0–3.2 MiB)": the median with the repetitions' range, when they differ.
    static func figure(_ row: CaseSummary, _ measure: Measure, _ format: (Double) -> String) -> String {
        guard let metric = row.metrics[measure.column] else { return "–" }
        let median = format(metric.median)
        return metric.min == metric.max ? median : "\(median) (\(format(metric.min))–\(format(metric.max)))"
    }

    /// How the GIF was played: the speed, and the device, display and codec when set.
    static func playedText(_ way: CaseIdentity) -> String {
        var parts = ["speed \(Format.fixed(way.speed, digits: 2))×"]
        if let device = way.device { parts.append(device) }
        if let display = way.display { parts.append("in \(display)") }
        if way.codec != .default { parts.append("\(way.codec) LZW") }
        return parts.joined(separator: ", ")
    }

    /// What `--device` changes and what it cannot: the phone's memory and refresh rate, not its CPU.
    static func deviceLine(_ report: RunReport) -> [String] {
        let devices = Set(report.results.compactMap(\.benchCase.device)).sorted()
        guard !devices.isEmpty else { return [] }
        return ["`--device \(devices.joined(separator: ","))` sizes memory (and the libraries' pools) and the refresh "
                + "rate as the phone "
                + "has them; decode speed, and so the stalls, are this host's.", ""]
    }

    /// This run's command in real time at speed 1: `--mode realtime` in place of the mode it was given.
    static func realtimeCommand(_ report: RunReport) -> String {
        var words = RunMetadata.words(of: report.metadata.playedBy ?? report.metadata.command, dropping: ["--mode"])
        if words.count == 1 { words.append("run") }
        return (words + ["--mode", "realtime"]).joined(separator: " ")
    }
}
