import BenchPlan
import BenchReplay
import BenchRunning

/// The answer a throughput run gives, first in its report and on stdout: every GIF replayed on a virtual display
/// link from its traced frame costs. The smallest smooth window as traced and at each margin asked, then every
/// setting with its margin to a stall, its memory and its decoding CPU split into what is paid once and what every
/// loop costs, each beside eager's like for like.
enum ReplayAnswerTable {
    static func render(_ answer: ReplayAnswer) -> [String] {
        let rows = answer.answers
        guard !rows.isEmpty else { return [] }
        let refresh = Set(rows.map(\.refreshHz)).sorted().map { Format.fixed($0, digits: 0) + " Hz" }
            .joined(separator: ", ")
        let margins = answer.margins ?? []
        var out = ["Replayed from what each frame's decode cost in this run, on a virtual \(refresh) display link "
                   + "through the real-time player (\(Format.count(answer.loops, "loop")); no real-time run needed). "
                   + "A **margin** is how much slower every decode could be, on a slower device or a busier CPU, "
                   + "before the setting first stalls or drops a frame: found by bisection over the replay with "
                   + "every traced cost scaled, to within 3%. Peak allocated is estimated: the GIF's measured bytes "
                   + "besides pixels, and the frames each player held. CPU is the player's decoding, steady: what "
                   + "each loop costs once playback is under way.", ""]
        let marginHeads = margins.map { "smallest window \(Format.fixed($0, digits: 0))× slower" }
        let chosen = margins.first.map { "at \(Format.fixed($0, digits: 0))× slower" } ?? "without a stall"
        out += ["| GIF | speed | smallest window without a stall (margin) | "
                + marginHeads.map { "\($0) (margin) | " }.joined()
                + "peak allocated, \(chosen) | ÷ eager | CPU per loop | per s of animation |",
                "|---|---:|---|" + String(repeating: "---|", count: margins.count) + "---:|---:|---:|---:|"]
        for row in rows {
            let atMargins = row.atMargins ?? []
            let named = margins.isEmpty ? row.smallestWindow : atMargins.first?.smallestWindow
            var line = "| \(MarkdownReporter.cell(name(row, among: rows))) | \(speed(row)) | "
                       + "\(window(row.smallestWindow, answer)) | "
            for margin in margins {
                line += window(atMargins.first { $0.slowdown == margin }?.smallestWindow, answer) + " | "
            }
            if let named {
                line += "\(Format.bytes(named.peakAllocatedBytes)) | "
                    + "\(Format.ratio(named.peakAllocatedBytes / max(row.eager.peakAllocatedBytes, 1))) | "
                    + "\(duration(named.steadyPerLoopSeconds)) | \(duration(named.steadyPerAnimationSecond)) |"
            } else {
                line += "\(Format.bytes(row.eager.peakAllocatedBytes)) (eager) | 1× | – | – |"
            }
            out.append(line)
        }
        out += ["", "Every setting replayed. One-time CPU is paid once, whatever the loops: an up-front decode, a pool "
                + "filled in the first loop. Each ratio to eager is like for like: memory to memory, one-time to "
                + "one-time; eager's steady CPU is none, so the last column gives the loop after which the setting's "
                + "CPU, one-time and steady, has passed eager's.", "",
                "| GIF | speed | setting | as traced | margin | peak allocated | ÷ eager | one-time CPU | ÷ eager | "
                + "CPU per loop | per s of animation | CPU passes eager's |",
                "|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for row in rows {
            for setting in settings(of: row) {
                let borrowed = setting.ownCosts == false ? " *" : ""
                out.append("| \(MarkdownReporter.cell(name(row, among: rows))) | \(speed(row)) | "
                           + "\(MarkdownReporter.cell(setting.label))\(borrowed) "
                           + "| \(verdict(setting.outcome)) | \(margin(setting.margin)) | "
                           + "\(Format.bytes(setting.peakAllocatedBytes)) | "
                           + "\(Format.ratio(setting.peakAllocatedBytes / max(row.eager.peakAllocatedBytes, 1))) | "
                           + "\(duration(setting.oneTimeSeconds)) | "
                           + "\(ratio(setting.oneTimeSeconds, row.eager.oneTimeSeconds)) | "
                           + "\(duration(setting.steadyPerLoopSeconds)) | "
                           + "\(duration(setting.steadyPerAnimationSecond)) | "
                           + "\(passes(setting, eager: row.eager)) |")
            }
        }
        let borrowed = rows.contains { row in settings(of: row).contains { $0.ownCosts == false } }
        return out + [""] + (borrowed ? [borrowedLine, ""] : []) + pacing(rows) + eagerSpread(rows)
    }

    /// A GIF's recommendation from the replay, one sentence per speed: the window the first margin names (or the one
    /// smooth as traced), with its margin; the Answer above holds the figures.
    static func recommendation(for gif: String, in answer: ReplayAnswer) -> [String]? {
        let rows = answer.answers.filter { $0.gif == gif }
        guard !rows.isEmpty else { return nil }
        return rows.map { row in
            let prefix = rows.count > 1 ? "At speed \(speed(row)): " : ""
            guard let traced = row.smallestWindow else {
                return prefix + "no window up to \(answer.largestWindow) plays without a stall in the replay: keep "
                    + "every frame (eager)."
            }
            var sentence = prefix + "\(window(traced, answer)) is the smallest window without a stall as traced"
            if let margin = answer.margins?.first, let atMargin = row.atMargins?.first {
                sentence += "; \(Format.fixed(margin, digits: 0))× slower, \(window(atMargin.smallestWindow, answer))"
            }
            return sentence + " (replayed; the Answer above gives every setting's margin and costs)."
        }
    }

    /// Eager first, each window tried, the windows the margins named, each library's player, then every other
    /// setting the run played; each once.
    static func settings(of row: GIFAnswer) -> [ReplayedSetting] {
        let all = [row.eager] + (row.windows ?? row.smallestWindow.map { [$0] } ?? [])
            + (row.atMargins ?? []).compactMap(\.smallestWindow) + row.libraries + row.measured
        return all.reduce(into: []) { kept, setting in
            if !kept.contains(where: { $0.label == setting.label }) { kept.append(setting) }
        }
    }

    /// Under the table when a setting was replayed from another's decode costs.
    static let borrowedLine = "\\* Replayed from the decode costs of the settings the run played (`traced_from`): "
        + "the run did not play it. A library's player decodes each frame into a fresh buffer, which costs more than a "
        + "window's recycled slot, so its margin here is an upper bound; `--policies NAME` plays it and replays it "
        + "from its own costs."

    /// One line: what pacing costs a decode, GIF by GIF, which every replay but eager's is charged.
    static func pacing(_ rows: [GIFAnswer]) -> [String] {
        let factors = perGIF(rows) { row in
            row.pacingByStep.map { step in
                "\(Format.fixed(step.whole, digits: 2))× (LZW \(Format.fixed(step.lzw, digits: 2))×, drawing "
                    + "\(Format.fixed(step.draw, digits: 2))×, copy \(Format.fixed(step.copy, digits: 2))×)"
            } ?? row.pacingFactor.map { Format.fixed($0, digits: 2) + "×" }
        }
        guard !factors.isEmpty else { return [] }
        return ["A decode paced as playback paces it, on a core that idled since the last frame, costs more than one "
                + "of the run's, decoded back to back; every setting but eager is replayed with each step at its "
                + "paced cost: \(factors.joined(separator: ", ")) (a few frames timed after sleeping their delays, "
                + "after each repetition's first case of the GIF).", ""]
    }

    /// One line: eager's up-front decode over the run's repetitions, GIF by GIF. It is mostly the kernel's first touch
    /// of every frame's pages, which the host's load moves; the headline leaves it out.
    static func eagerSpread(_ rows: [GIFAnswer]) -> [String] {
        let spreads = perGIF(rows) { row in
            row.eagerUpFrontSpread.flatMap { $0.count == 2 ? "\(Format.duration($0[0]))–\(Format.duration($0[1]))" : nil }
        }
        guard !spreads.isEmpty else { return [] }
        return ["Eager's up-front decode is mostly the kernel's first touch of every frame's pages, which moves with "
                + "the host's load, so its one-time figures are left out of the first table; over this run's "
                + "repetitions it took \(spreads.joined(separator: ", ")).", ""]
    }

    /// "GIF figure" for each GIF that has the figure, the first of its answers that does: a one-line note's list.
    static func perGIF(_ rows: [GIFAnswer], _ figure: (GIFAnswer) -> String?) -> [String] {
        var seen: Set<String> = []
        return rows.compactMap { row in
            guard let text = figure(row), seen.insert(row.gif).inserted else { return nil }
            return "\(row.gif) \(text)"
        }
    }

    /// "w=2 (9.1×)"; "none up to w=64: keep every frame (eager)".
    static func window(_ setting: ReplayedSetting?, _ answer: ReplayAnswer) -> String {
        guard let setting else { return "none up to w=\(answer.largestWindow): keep every frame (eager)" }
        return setting.label.replacingOccurrences(of: "windowed ", with: "") + " (\(margin(setting.margin)))"
    }

    /// "smooth up to 9.1× slower", "stalls unless 3.3× faster", "any slowdown up to 1,024×".
    static func margin(_ margin: StallMargin?) -> String {
        guard let margin else { return "–" }
        guard let smooth = margin.smoothUpTo else {
            return "stalls even \(Format.grouped(Int(StallMargin.slowestSearched)))× faster"
        }
        if margin.isUnbounded { return "no slowdown up to \(Format.grouped(Int(StallMargin.slowestSearched)))×" }
        if smooth < 1 { return "needs \(Format.fixed(1 / smooth, digits: 1))× faster" }
        return "up to \(Format.fixed(smooth, digits: 1))× slower"
    }

    /// "smooth", "3 stalls", "12 dropped frames".
    static func verdict(_ outcome: ReplayOutcome) -> String {
        var parts: [String] = []
        if outcome.stalls > 0 { parts.append(Format.count(outcome.stalls, "stall")) }
        if outcome.droppedFrames > 0 { parts.append(Format.count(outcome.droppedFrames, "dropped frame")) }
        return parts.isEmpty ? "smooth" : parts.joined(separator: ", ")
    }

    /// "after 4 loops", "never" (its steady CPU is no more than eager's), or "–" for eager itself.
    static func passes(_ setting: ReplayedSetting, eager: ReplayedSetting) -> String {
        guard setting.label != eager.label else { return "–" }
        guard let loops = setting.loopsToPass(eager) else { return setting.steadyPerLoopSeconds == nil ? "–" : "never" }
        return "after \(Format.count(loops, "loop"))"
    }

    /// The GIF, with what tells this way of playing it apart when the run played it more than one way: "seed (giflib)",
    /// "seed (iphone-se-2, 320x320)".
    static func name(_ row: GIFAnswer, among rows: [GIFAnswer]) -> String {
        let same = rows.filter { $0.gif == row.gif }
        var parts: [String] = []
        if Set(same.map(\.codec)).count > 1 { parts.append("\(row.codec)") }
        if Set(same.map { $0.device ?? "" }).count > 1 { parts.append(row.device ?? "host") }
        if Set(same.map { $0.display.map { "\($0)" } ?? "" }).count > 1 { parts.append(row.display.map { "\($0)" } ?? "full") }
        return parts.isEmpty ? row.gif : "\(row.gif) (\(parts.joined(separator: ", ")))"
    }

    static func speed(_ row: GIFAnswer) -> String { Format.fixed(row.speed, digits: 2) + "×" }

    /// A CPU figure; "none" for no decoding at all (eager once its frames are decoded).
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        return seconds == 0 ? "none" : Format.duration(seconds)
    }

    static func ratio(_ value: Double?, _ base: Double?) -> String {
        guard let value, let base, base > 0 else { return "–" }
        return Format.ratio(value / base)
    }
}
