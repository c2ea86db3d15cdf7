import BenchCore

/// A report for people: run metadata, then one table per GIF with the windowed ÷ eager ratios.
public enum MarkdownReporter {
    public static func render(_ report: RunReport) -> String {
        var out: [String] = ["# GIF Frame Bench report", ""]
        if report.incomplete { out += ["> **Incomplete run**: interrupted; only the cases that finished are reported.", ""] }
        out += metadata(report.metadata)
        out += ["", "Medians over repetitions. CPU is all threads (decoding, prefetch, sampler) per loop of playback;",
                "peak allocated is jemalloc's `stats.allocated` peak, peak RSS the kernel's `VmHWM` of the child process;",
                "theoretical is what the decoder must hold at least (eager: every frame; windowed: window + canvas).", ""]
        for gif in report.gifs {
            out += table(for: gif, report.summaries.filter { $0.gif == gif })
        }
        let failed = report.results.filter { $0.failure != nil }
        if !failed.isEmpty {
            out += ["## Failed cases", "", "| gif | decoder | repetition | reason |", "|---|---|---:|---|"]
            for result in failed {
                out.append("| \(result.benchCase.gif) | \(result.benchCase.decoder) | \(result.benchCase.repetition) | \(cell(result.failure ?? "")) |")
            }
            out.append("")
        }
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

    static func table(for gif: String, _ rows: [CaseSummary]) -> [String] {
        guard let first = rows.first else { return [] }
        var out = ["## \(gif)", "",
                   "\(first.width)×\(first.height), \(first.frames) frames, \(Format.bytes(Double(first.fileBytes))) file, \(first.loops) loops, \(first.repetitions) repetitions", "",
                   "| decoder | window | peak allocated | peak RSS | theoretical | CPU per loop | first frame | mallocs | retained after release |",
                   "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for row in rows {
            guard row.repetitions > 0 else {
                out.append("| \(row.decoder.name) | \(row.window) | failed | | | | | | |")
                continue
            }
            out.append("| \(row.decoder.name) | \(row.window) | \(Format.bytes(row.median(.jemallocAllocatedPeak))) | \(Format.bytes(row.median(.rssPeak))) | "
                       + "\(Format.bytes(row.median(.frameBytesTheoretical))) | \(Format.duration(row.cpuPerLoop)) | \(Format.duration(row.median(.firstFrame))) | "
                       + "\(Int(row.median(.mallocCount))) | \(Format.bytes(row.median(.retainedAfterRelease))) |")
        }
        out.append("")
        if let eager = rows.first(where: { $0.decoder == .eager && $0.repetitions > 0 }) {
            for windowed in rows where windowed.decoder != .eager && windowed.repetitions > 0 {
                let memory = windowed.median(.jemallocAllocatedPeak) / max(eager.median(.jemallocAllocatedPeak), 1)
                let rss = windowed.median(.rssPeak) / max(eager.median(.rssPeak), 1)
                let cpu = windowed.cpuPerLoop / max(eager.cpuPerLoop, 1e-9)
                let first = windowed.median(.firstFrame) / max(eager.median(.firstFrame), 1e-9)
                out.append("Windowed (w=\(windowed.window)) ÷ eager: peak allocated \(Format.ratio(memory)) (\(Format.ratio(1 / max(memory, 1e-9))) less), "
                           + "peak RSS \(Format.ratio(rss)), CPU per loop \(Format.ratio(cpu)), first frame \(Format.ratio(first)).")
            }
            out.append("")
        }
        return out
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
