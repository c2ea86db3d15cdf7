import CaseModel
import BenchPlan
import BenchRunning

/// The feed's summary for people: one row per model (medians of its repetitions), what the budget allows, how the
/// players' background work was shared, and the timeline chart.
public enum FeedMarkdownReporter {
    public static func render(_ report: FeedReport, chart: String? = FeedTimelineChart.fileName) -> String {
        guard let feed = report.results.first?.feed ?? report.replays.first?.feed else { return "# Feed\n\nNo feed was run.\n" }
        var out = ["# Feed: \(feed.players) players at once", ""]
        let gifs = Set(feed.gifs.map(\.name)).sorted().joined(separator: ", ")
        let scroll = feed.scrollRate > 0 ? "\(Format.fixed(feed.scrollRate, digits: 2)) players leaving and entering "
                                           + "per second (\(feed.schedule.entrants) in all)"
                                         : "no scrolling"
        out.append("- GIFs: \(gifs); \(Format.fixed(feed.seconds, digits: 1)) s at speed "
                   + "\(Format.fixed(feed.speed, digits: 2)), \(scroll)")
        out.append("- Device: \(feed.device ?? "this host"), \(Format.fixed(feed.refreshHz, digits: 0)) Hz "
                   + "display link, "
                   + "\(feed.cpus.map { "\($0) CPUs" } ?? "every CPU"), frames kept at "
                   + "\(feed.display.map { "\($0.width)x\($0.height)" } ?? "full size"), "
                   + "\(feed.codec.rawValue) LZW")
        out.append("- Background work shares a pool of \(feed.poolWidth): at most that many frames are decoded at once "
                   + "across every player's queue")
        if let at = feed.memoryWarningAt { out.append("- One memory warning to every player on screen at "
                                                      + "\(Format.fixed(at, digits: 2)) s") }
        out.append("- Command: `\(report.metadata.command)`")
        if report.incomplete { out.append("- **Incomplete**: the run was interrupted") }
        out.append("")
        out += replayLines(report)
        guard !report.results.isEmpty else {
            out.append("No feed was measured (`--replay-only`): `bench feed --replay` plays each model for real too, "
                       + "and sets the two side by side.")
            return out.joined(separator: "\n") + "\n"
        }
        // Two tables, memory then playback, each within 160 characters a line (one table ran to 230).
        out.append("Memory:")
        out.append("")
        out.append("| model | peak allocated | peak RSS | held frames (Σ players) | left allocated after all left |")
        out.append("| --- | ---: | ---: | ---: | ---: |")
        for model in report.models {
            out.append("| \(model.model) | \(Format.bytes(model[.allocatedPeak])) | \(Format.bytes(model[.rssPeak])) | "
                       + "\(Int(model[.heldFramesMaxSum])) | "
                       + "\(signedBytes(model[.retainedAfterLeave])) |")
        }
        out.append("")
        out.append("Playback (the feed's total, and its worst player's in brackets):")
        out.append("")
        out.append("| model | stalls | dropped | lateness | first frame (worst) | CPU per s of animation "
                   + "| harness CPU |")
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for model in report.models {
            out.append("| \(model.model) | \(Int(model[.stalls])) (\(Int(model[.worstPlayerStalls]))) | "
                       + "\(Int(model[.droppedFrames])) (\(Int(model[.worstPlayerDropped]))) | "
                       + "\(Format.duration(model[.lateness])) (\(Format.duration(model[.worstPlayerLateness]))) | "
                       + "\(Format.duration(model[.worstFirstFrame])) | "
                       + "\(Format.fixed(model[.cpuPerAnimationSecond] * 1000, digits: 1)) ms | "
                       + "\(Format.fixed(model[.harnessShare] * 100, digits: 1)) % |")
        }
        for failed in report.results where failed.failure != nil {
            out.append("")
            out.append("- \(failed.feed.model), repetition \(failed.feed.repetition): FAILED: \(failed.failure ?? "")")
        }
        out.append("")
        out += warningLines(report)
        out += budgetLines(report)
        out += deviceLines(report, device: feed.device)
        out.append("")
        out.append("How each model's players decode in the background (the feed gives each player's queue its own "
                   + "thread and lets "
                   + "at most \(feed.poolWidth) decode at once, as the system's worker threads serve the libraries' "
                   + "serial queues):")
        out.append("")
        for model in report.models { out.append("- \(model.model): \(report.queues[model.model] ?? "not stated")") }
        if let chart {
            out.append("")
            out.append("![allocated memory over the feed](charts/\(chart))")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The replayed feed of each model, with the measured feed's stalls beside it when it was measured too.
    private static func replayLines(_ report: FeedReport) -> [String] {
        guard !report.replays.isEmpty else { return [] }
        let measured = Dictionary(report.models.map { ($0.model, $0) }, uniquingKeysWith: { first, _ in first })
        var out = ["Replayed (each model's whole feed on a virtual clock, its decodes costing what a throughput case "
                   + "of each GIF traced, "
                   + "through the same display link, players and pool; deterministic):", ""]
        let compared = !measured.isEmpty
        out.append("| model | replayed | stalls (worst player) | dropped (worst player) | held frames (Σ players) | "
                   + "first frame (worst) |"
                   + (compared ? " measured: stalls, dropped (worst repetition) |" : ""))
        out.append("| --- | --- | ---: | ---: | ---: | ---: |" + (compared ? " ---: |" : ""))
        for row in report.replays {
            guard row.failure == nil else {
                out.append("| \(row.model) | failed: \(row.failure ?? "") | | | | |" + (compared ? " |" : ""))
                continue
            }
            var line = "| \(row.model) | \(row.smooth ? "smooth" : "stalls") | \(row.stalls) "
                       + "(\(row.worstPlayerStalls)) | "
                + "\(row.droppedFrames) (\(row.worstPlayerDropped)) | \(row.heldFramesMaxSum) | "
                + "\(Format.duration(row.worstFirstFrameSeconds)) |"
            if compared {
                line += measured[row.model].map { " \(Int($0[.stalls])), \(Int($0[.droppedFrames])) |" } ?? " not measured |"
            }
            out.append(line)
        }
        out.append("")
        let smooth = report.replays.filter(\.smooth).sorted { $0.heldFramesMaxSum < $1.heldFramesMaxSum }
        out.append(smooth.isEmpty ? "**Replayed: every model stalls or drops frames in this feed.**"
                   : "**Replayed without a stall or a dropped frame:** " + smooth.map { "\($0.model) (\($0.heldFramesMaxSum) frames held)" }.joined(separator: ", ")
                   + ", fewest frames held first.")
        out.append("")
        return out
    }

    private static func warningLines(_ report: FeedReport) -> [String] {
        var out: [String] = []
        for model in report.models {
            guard let run = model.runs.first, let warning = run.warning else { continue }
            let warned = run.players.filter(\.warned).count
            out.append("- \(model.model): the warning reached \(warning.playersReached ?? 0) players on screen "
                       + "(\(warned) answered) and freed "
                       + "\(Format.bytes(Double(warning.freedBytes))) at once")
        }
        return out.isEmpty ? [] : out + [""]
    }

    private static func budgetLines(_ report: FeedReport) -> [String] {
        guard let budget = report.budget else { return [] }
        let fits = report.withinBudget
        let names = fits.map { "\($0.model) (\(Format.bytes($0[.allocatedPeak])))" }
        guard !names.isEmpty else {
            return ["**No model stays under \(Format.bytes(Double(budget))) without a stall or a dropped frame.**"]
        }
        // A developer picks a library, not this project's decoders: the cheapest library that fits is the
        // recommendation, and a decoder of this project is named for what it shows a library could do.
        let libraries = fits.filter { isLibrary($0.model) }
        var line = "**Under \(Format.bytes(Double(budget))) without a stall or a dropped frame:** "
                   + "\(names.joined(separator: ", ")). "
        if let library = libraries.first {
            line += "Recommended: \(library.model), the cheapest library that fits."
        } else {
            line += "No library fits; \(fits[0].model) is this project's decoder, not one a library offers."
        }
        if let ours = fits.first, !isLibrary(ours.model), let library = libraries.first, ours.model != library.model {
            line += " \(ours.model) (this project's decoder) needs \(Format.bytes(ours[.allocatedPeak])), against "
                    + "\(Format.bytes(library[.allocatedPeak]))."
        }
        return [line]
    }

    /// The four libraries the models follow, by the name their models go by (`kingfisher`, `kingfisher preload=3`).
    static let libraries: Set<String> = Set([DecoderChoice.kingfisher, .flanimatedimage(cacheSize: 1), .sdwebimage(maxBufferCount: 1), .ylgifimage].map(\.name))

    static func isLibrary(_ model: String) -> Bool {
        libraries.contains(String(model.prefix { $0.isLetter }))
    }

    /// The models whose peak passes the device's free memory: on the phone, the system would end the app.
    private static func deviceLines(_ report: FeedReport, device name: String?) -> [String] {
        guard let name, let device = try? Device.named(name) else { return [] }
        var out: [String] = []
        let over = report.models.filter { $0[.allocatedPeak] > Double(device.freeBytes) }
        if !over.isEmpty {
            out.append("**Past \(name)'s free memory (\(Format.bytes(Double(device.freeBytes)))):** "
                       + over.map { "\($0.model) (\(Format.bytes($0[.allocatedPeak])))" }.joined(separator: ", ")
                       + ". On the phone the system would end the app well before such a peak.")
        }
        out.append("`--device \(name)` sizes memory (and the libraries' pools) and the refresh rate as the phone "
                   + "has them; decode "
                   + "speed, and so the stalls, are this host's.")
        return out + [""]
    }

    private static func signedBytes(_ value: Double) -> String { (value < 0 ? "−" : "") + Format.bytes(abs(value)) }
}
