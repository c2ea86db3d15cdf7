import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts
import FrameDecoders

/// A report for people: run metadata, then per GIF a table, the windowed ÷ eager ratios, the charts and a
/// recommendation, and a one-line summary over the corpus.
public enum MarkdownReporter {
    public static func render(_ report: RunReport, charts: [ChartFile] = []) -> String {
        var out: [String] = ["# GIF Frame Bench report", ""]
        if report.incomplete { out += ["> **Incomplete run**: interrupted; only the cases that finished are reported.", ""] }
        // The answer first; the run's facts (date, commit, machine, command) close the report.
        out += AnswerTable.render(report)
        var recommendations = Recommendation.perGIF(report.summaries)
        // A GIF the replay answered is recommended from that answer, not sent to a real-time run.
        for answer in report.replay?.answers ?? [] where !report.summaries.contains(where: {
            $0.gif == answer.gif && $0.mode == .realtime
        }) {
            recommendations[answer.gif] = report.replay.flatMap { ReplayAnswerTable.recommendation(for: answer.gif, in: $0) }
        }
        if let summary = Recommendation.corpusSummary(report.summaries) { out += ["**Summary:** \(summary)", ""] }
        out += ["Medians over repetitions. CPU is all threads (decoding, prefetch, sampler);",
                "peak allocated is jemalloc's `stats.allocated` peak, peak RSS the kernel's `VmHWM` of the "
                + "child process;",
                "theoretical is what the decoder must hold at least (every frame; or the window and the canvas).", ""]
        for gif in report.gifs {
            out += section(for: gif, report.summaries.filter { $0.gif == gif }, charts.filter { $0.gif == gif },
                           recommendations[gif])
        }
        let failed = report.results.filter { $0.failure != nil }
        if !failed.isEmpty {
            out += ["## Failed cases", "", "| gif | decoder | policy | repetition | reason |", "|---|---|---|---:|---|"]
            for result in failed {
                out.append("| \(cell(result.benchCase.gif)) | \(result.benchCase.decoder) | \(result.benchCase.policy) "
                           + "| \(result.benchCase.repetition) | \(cell(result.failure ?? "")) |")
            }
            out.append("")
        }
        out += ["## Run", ""] + metadata(report.metadata) + [""]
        return out.joined(separator: "\n")
    }

    static func metadata(_ meta: RunMetadata) -> [String] {
        [
            "| run | |", "|---|---|",
            "| date | \(meta.date) |",
            "| git commit | \(meta.gitCommit ?? "none") |",
            "| build | \(meta.buildConfiguration) |",
            "| Swift | \(meta.swiftVersion) |",
            "| giflib | \(meta.giflibVersion) |",
            "| jemalloc | \(meta.jemallocVersion) |",
            "| CPU | \(meta.cpuModel), \(meta.cores) cores |",
            "| memory | \(Format.bytes(Double(meta.memoryBytes))) |",
            "| OS | \(cell(meta.operatingSystem)) |",
            "| command | `\(meta.command)` |",
        ]
    }

    static func section(for gif: String, _ rows: [CaseSummary], _ charts: [ChartFile],
                        _ recommendation: [String]?) -> [String] {
        guard let first = rows.first else { return [] }
        let realtime = rows.contains { $0.mode == .realtime }
        let speeds = Set(rows.map(\.setting.speed))
        let setting = first.setting
        var how = "\(first.loops) loop\(first.loops == 1 ? "" : "s"), \(first.repetitions) "
                  + "repetition\(first.repetitions == 1 ? "" : "s"), \(first.mode.rawValue)"
        if realtime {
            how += speeds.count == 1 ? " at speed \(Format.fixed(setting.speed, digits: 2)), "
                                       + "\(Int(setting.refreshHz)) Hz" : " at \(speeds.count) speeds, "
                                                                          + "\(Int(setting.refreshHz)) Hz"
        }
        if let cpus = setting.cpus { how += ", pinned to \(cpus) CPU\(cpus == 1 ? "" : "s")" }
        if setting.byteSource == .mmap { how += ", GIF bytes mapped" }
        let codecs = rows.codecs
        let codecColumn = codecs.count > 1
        if !codecColumn { how += ", \(setting.codec) LZW" }
        let displays = rows.reduce(into: [DisplaySize?]()) { if !$0.contains($1.setting.display) { $0.append($1.setting.display) } }
        let displayColumn = displays != [nil]
        var out = ["## \(cell(gif))", "",
                   "\(first.width)×\(first.height), \(first.frames) frames, "
                   + "\(Format.bytes(Double(first.fileBytes))) file; \(how)",
                   ""]
        for display in displays.compactMap({ $0 }) where display.heldSize(screenWidth: first.width, screenHeight: first.height) == nil {
            out += ["Display \(display) is as large as the GIF's \(first.width)×\(first.height) screen or larger: its "
                    + "frames are kept at full size (no scaling).", ""]
        }
        // Two tables, memory then time, each within about 160 characters a line: one wide table ran to 400.
        let speedColumn = realtime && speeds.count > 1
        func lead(_ row: CaseSummary, scaling: Bool) -> String {
            var cells = [cell(row.label)]
            if codecColumn { cells.append("\(row.setting.codec)") }
            if displayColumn {
                cells.append(keptSize(row))
                if scaling { cells.append(row.metrics[Measure.scaling.column].map { Format.duration($0.median) } ?? "none") }
            }
            if speedColumn { cells.append("\(Format.fixed(row.setting.speed, digits: 2))×") }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        func leadHeader(scaling: Bool) -> (String, String) {
            var names = ["setting"], rule = ["---"]
            if codecColumn { names.append("codec"); rule.append("---") }
            if displayColumn {
                names.append("kept at"); rule.append("---")
                if scaling { names.append("scaling"); rule.append("---:") }
            }
            if speedColumn { names.append("speed"); rule.append("---:") }
            return ("| " + names.joined(separator: " | ") + " |", "|" + rule.joined(separator: "|") + "|")
        }
        let memoryLead = leadHeader(scaling: true)
        out += ["Memory:", "",
                memoryLead.0 + " peak allocated | peak RSS | theoretical | mallocs | retained after release |",
                memoryLead.1 + "---:|---:|---:|---:|---:|"]
        for row in rows {
            guard row.repetitions > 0 else { out.append(lead(row, scaling: true) + " failed | | | | |"); continue }
            out.append(lead(row, scaling: true) + " \(Format.bytes(row.median(.jemallocAllocatedPeak))) | "
                                                  + "\(Format.bytes(row.median(.rssPeak))) | "
                       + "\(Format.bytes(row.median(.frameBytesTheoretical))) | \(Int(row.median(.mallocCount))) | "
                       + "\(Format.bytes(row.median(.retainedAfterRelease))) |")
        }
        let timeLead = leadHeader(scaling: false)
        out += ["",
                realtime ? "Time and playback (stalls: the frame due was not ready; dropped: a library skipped it):" : "Time:",
                "",
                timeLead.0 + " CPU per loop | first frame |" + (realtime ? " stalls | dropped | lateness p99 | CPU per "
                                                                           + "s of animation |" : ""),
                timeLead.1 + "---:|---:|" + (realtime ? "---:|---:|---:|---:|" : "")]
        for row in rows {
            guard row.repetitions > 0 else { out.append(lead(row, scaling: false) + " failed | |" + (realtime ? " | | | |" : "")); continue }
            var line = lead(row, scaling: false) + " \(Format.duration(row.cpuPerLoop)) | "
                                                   + "\(Format.duration(row.median(.firstFrame))) |"
            if realtime {
                line += " \(Int(row.median(.stalls))) | \(Int(row.median(.droppedFrames))) | "
                    + "\(Format.duration(row.median(.latenessP99))) | "
                    + "\(Format.duration(row.median(.cpuPerAnimationSecond))) |"
            }
            out.append(line)
        }
        out.append("")
        out += ruleLines(rows)
        // Each windowed row beside the eager row played the same way, at the first speed measured; with no eager row,
        // beside the smallest fixed window played that way (so `--windows 2,8 --decoders windowed` still compares).
        for codec in codecs {
            for windowed in rows where windowed.decoder != .eager && windowed.repetitions > 0 && windowed.setting.codec == codec
                && windowed.setting.speed == first.setting.speed {
                let sameWay = rows.filter { $0.identity.eagerPartner == windowed.identity.eagerPartner && $0.repetitions > 0 }
                let eager = sameWay.first { $0.decoder == .eager }
                guard let partner = eager ?? Recommendation.fixedWindows(sameWay).first(where: { $0.identity != windowed.identity }),
                      eager != nil || windowed.window > partner.window || windowed.setting.chosenByPolicy || !isFixedWindow(windowed)
                else { continue }
                let memory = windowed.median(.jemallocAllocatedPeak) / max(partner.median(.jemallocAllocatedPeak), 1)
                let rss = windowed.median(.rssPeak) / max(partner.median(.rssPeak), 1)
                let cpu = windowed.cpuPerLoop / max(partner.cpuPerLoop, 1e-9)
                let firstFrame = windowed.median(.firstFrame) / max(partner.median(.firstFrame), 1e-9)
                var name = windowed.label
                if codecColumn { name += ", \(windowed.setting.codec) codec," }
                if displayColumn { name += ", kept at \(keptSize(windowed))," }
                let less = memory < 1 ? " (\(Format.ratio(1 / max(memory, 1e-9))) less)" : ""
                out.append("- \(cell(name)) ÷ \(cell(partner.label)): peak allocated \(Format.ratio(memory))\(less), "
                           + "peak RSS \(Format.ratio(rss)), CPU per loop \(Format.ratio(cpu)), first frame "
                           + "\(Format.ratio(firstFrame)).")
            }
        }
        if out.last != "" { out.append("") }
        out += displayRatios(rows)
        if let recommendation {
            // One sentence, or one bullet per way the GIF was played (each speed, codec, display).
            out += recommendation.count == 1 ? ["**Recommendation:** \(recommendation[0])", ""]
                : ["**Recommendation:**", ""] + recommendation.map { "- \($0)" } + [""]
        }
        if realtime && speeds.count > 1 { out += stallOnset(rows) }
        for chart in charts {
            out += ["![\(cell(gif)): \(chart.kind.caption(realtime: realtime))](\(chart.relativePath))", ""]
        }
        return out
    }

    /// A window the user named (`--windows`), not one a policy chose.
    static func isFixedWindow(_ row: CaseSummary) -> Bool {
        if case .kind(.windowed, .frames) = row.decoder { !row.setting.chosenByPolicy } else { false }
    }

    /// "eager kept at 240×240 ÷ full size: …": each downscaled row beside the same case kept at full size — the memory
    /// the display saves and the CPU the scaling costs.
    static func displayRatios(_ rows: [CaseSummary]) -> [String] {
        var out: [String] = []
        for scaled in rows where scaled.repetitions > 0 && scaled.metrics[Measure.scaling.column] != nil {
            var fullIdentity = scaled.identity
            fullIdentity.display = nil
            guard let full = rows.first(where: { $0.identity == fullIdentity && $0.repetitions > 0 }) else { continue }
            let memory = scaled.median(.jemallocAllocatedPeak) / max(full.median(.jemallocAllocatedPeak), 1)
            let cpu = scaled.cpuPerLoop / max(full.cpuPerLoop, 1e-9)
            let share = scaled.median(.scaling) / max(scaled.median(.cpuTotal), 1e-9)
            out.append("- \(scaled.setting.decoderLabel) kept at \(keptSize(scaled)) ÷ full size: peak allocated "
                       + "\(Format.ratio(memory)) "
                       + "(\(Format.bytes(full.median(.jemallocAllocatedPeak) - scaled.median(.jemallocAllocatedPeak))) saved), CPU per loop \(Format.ratio(cpu)); "
                       + "downscaling took \(Format.duration(scaled.median(.scaling))), "
                       + "\(Format.fixed(share * 100, digits: 0))% of the case's CPU.")
        }
        return out.isEmpty ? [] : out + [""]
    }

    /// One line per library player in the table: its rule for this GIF, the settings changed, and where it was read.
    static func ruleLines(_ rows: [CaseSummary]) -> [String] {
        var seen: Set<String> = []
        let lines = rows.compactMap { row -> String? in
            guard let player = row.library, let rule = player.libraryRule(frameCount: row.frames) else { return nil }
            let changes = player.changes.isEmpty ? "" : " (\(player.changes.joined(separator: ", ")))"
            let line = "- `\(rule.name)`\(changes): \(rule.summary) (\(rule.source))."
            return seen.insert(line).inserted ? line : nil
        }
        return lines.isEmpty ? [] : lines + [""]
    }

    /// The size a row's frames were kept at, as `W×H`, or `full size`.
    static func keptSize(_ row: CaseSummary) -> String {
        guard let display = row.decoder.heldDisplay(row.setting.display) else { return "full size" }
        guard let held = display.heldSize(screenWidth: row.width, screenHeight: row.height) else { return "full size (view \(display))" }
        return "\(held.width)×\(held.height)"
    }

    /// For each setting, the lowest measured speed at which it stalled.
    static func stallOnset(_ rows: [CaseSummary]) -> [String] {
        var lines: [String] = []
        // A setting is a case identity less its speed.
        func setting(_ row: CaseSummary) -> CaseIdentity {
            var identity = row.identity
            identity.speed = 0
            return identity
        }
        var seen: Set<CaseIdentity> = []
        let codecs = rows.codecs
        for row in rows where seen.insert(setting(row)).inserted {
            let bySpeed = rows.filter { setting($0) == setting(row) && $0.repetitions > 0 }.sorted { $0.setting.speed < $1.setting.speed }
            let name = row.label + (codecs.count > 1 ? ", \(row.setting.codec) codec" : "")
            if let onset = bySpeed.first(where: { $0.median(.stalls) > 0 }) {
                let clean = bySpeed.last { $0.setting.speed < onset.setting.speed && $0.median(.stalls) == 0 }
                lines.append("- \(name): first stalls at speed \(Format.fixed(onset.setting.speed, digits: 2))×" + (clean.map { " (none at \(Format.fixed($0.setting.speed, digits: 2))×)" } ?? "") + ".")
            } else if let fastest = bySpeed.last {
                lines.append("- \(name): no stall up to speed \(Format.fixed(fastest.setting.speed, digits: 2))×.")
            }
        }
        return lines.isEmpty ? [] : ["Where stalls begin:", ""] + lines + [""]
    }

    /// `text` safe inside one Markdown line (a heading, a table cell, an image's alt text): a file name may hold a
    /// newline, a `|` or brackets, which would otherwise end the heading or split the cell.
    static func cell(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "|", "[", "]", "`", "*", "_", "<", ">", "#": out += "\\" + String(scalar)
            default:
                if scalar.properties.generalCategory == .control { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
