import CaseModel
import BenchPlan
import BenchRunning

/// Which prefetch window to ship, from a real-time run: the smallest window that never stalled, at each speed played
/// (a speed other than 1 is an answer at that speed: a GIF shown faster, or a slower device).
public enum Recommendation {
    /// The rows of a GIF measured in real time, at any speed, with no failed repetition.
    static func candidates(_ rows: [CaseSummary]) -> [CaseSummary] {
        rows.filter { $0.mode == .realtime && $0.repetitions > 0 && $0.failures == 0 }
    }

    /// GIF → one sentence: the smallest window with zero stalls, its memory and CPU beside eager's. Rows are grouped
    /// by how they were played (their identity less the plan); when a GIF was played more than one way (with both
    /// codecs), each way gets its sentence, named by its codec.
    public static func perGIF(_ summaries: [CaseSummary]) -> [String: [String]] {
        var sentences: [String: [String]] = [:]
        let gifs = summaries.reduce(into: [String]()) { if !$0.contains($1.gif) { $0.append($1.gif) } }
        for gif in gifs {
            let ofGIF = summaries.filter { $0.gif == gif }
            let rows = candidates(ofGIF)
            guard !rows.isEmpty else {
                if ofGIF.contains(where: { $0.decoder != .eager }) {
                    sentences[gif] = ["run with `--mode realtime` to find the smallest window that never stalls."]
                }
                continue
            }
            let ways = playings(rows)
            let parts = ways.compactMap { way -> (String, String)? in
                let played = rows.filter { $0.identity.eagerPartner == way }
                let text = [sentence(played), cheapestSmoothPlayer(played)].compactMap { $0 }.joined(separator: " ")
                return text.isEmpty ? nil : (label(of: way, among: ways), text)
            }
            guard !parts.isEmpty else { continue }
            let alike = ways.count == 1 || Set(parts.map(\.1)).count == 1 && parts.count == ways.count
            sentences[gif] = alike && ways.allSatisfy({ $0.speed == 1 }) ? [parts[0].1] : parts.map { "\($0.0): \($0.1)" }
        }
        return sentences
    }

    /// What tells `way` apart from the other ways a GIF was played: its speed (always named unless 1), codec, device
    /// or display.
    static func label(of way: CaseIdentity, among ways: [CaseIdentity]) -> String {
        var parts: [String] = []
        if Set(ways.map(\.speed)).count > 1 || way.speed != 1 { parts.append("at speed \(Format.fixed(way.speed, digits: 2))×") }
        if Set(ways.map(\.codec)).count > 1 { parts.append("with the \(way.codec) codec") }
        if Set(ways.map(\.device)).count > 1 { parts.append("on \(way.device ?? "this host")") }
        if Set(ways.map(\.display)).count > 1 { parts.append(way.display.map { "in a \($0) view" } ?? "at full size") }
        return parts.isEmpty ? "As played" : parts.joined(separator: ", ").prefix(1).uppercased() + parts.joined(separator: ", ").dropFirst()
    }

    /// "the cheapest player that plays without a stall or a dropped frame is …": among every player measured this way
    /// (eager, windows, the library models), the smallest median peak allocated with no stall and no dropped frame in
    /// any repetition; nil when only fixed windows were measured (``sentence(_:)`` covers them).
    static func cheapestSmoothPlayer(_ rows: [CaseSummary]) -> String? {
        guard rows.contains(where: { $0.library != nil }) else { return nil }
        let smooth = rows.filter(\.playsSmoothly)
        guard let cheapest = smooth.min(by: { $0.median(.jemallocAllocatedPeak) < $1.median(.jemallocAllocatedPeak) }) else {
            return "No player measured here plays without a stall or a dropped frame."
        }
        var text = "The cheapest player that plays without a stall or a dropped frame: \(cheapest.label), peak "
                   + "\(Format.bytes(cheapest.median(.jemallocAllocatedPeak))) allocated"
        let libraries = smooth.filter { $0.library != nil }
        if let library = libraries.min(by: { $0.median(.jemallocAllocatedPeak) < $1.median(.jemallocAllocatedPeak) }), library.identity != cheapest.identity {
            text += "; of the libraries, \(library.label) (\(Format.bytes(library.median(.jemallocAllocatedPeak))))"
        }
        let failing = rows.filter { row in !smooth.contains { $0.identity == row.identity } }
            .map { row in row.roughness.map { "\(row.label) (\($0))" } ?? row.label }
        if !failing.isEmpty { text += ". Stalls or drops: \(failing.joined(separator: ", "))" }
        return text + "."
    }

    /// The ways `rows` were played, in first-seen order: each row's identity with the plan left out.
    public static func playings(_ rows: [CaseSummary]) -> [CaseIdentity] {
        rows.map { $0.identity.eagerPartner }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The fixed-window rows among `rows`, smallest window first.
    public static func fixedWindows(_ rows: [CaseSummary]) -> [CaseSummary] {
        rows.filter { if case .kind(.windowed, .frames) = $0.decoder { !$0.setting.chosenByPolicy } else { false } }
            .sorted { $0.window < $1.window }
    }

    /// The sentence for one GIF played one way.
    private static func sentence(_ rows: [CaseSummary]) -> String? {
        let windowed = fixedWindows(rows)
        guard let best = windowed.first(where: { $0.median(.stalls) == 0 && $0.metrics[Measure.stalls.column]?.max == 0 }) else {
            return windowed.isEmpty ? nil : "every measured window stalled; try larger windows or keep all frames."
        }
        var sentence = "window \(best.window) is the smallest that plays without a stall: peak "
                       + "\(Format.bytes(best.median(.jemallocAllocatedPeak))) allocated, "
            + "\(Format.duration(best.median(best.answerCPU))) of the player's CPU per second of animation"
        if let eager = rows.first(where: { $0.identity == best.identity.eagerPartner }) {
            sentence += " (eager: \(Format.bytes(eager.median(.jemallocAllocatedPeak))), "
                        + "\(Format.duration(eager.median(eager.answerCPU))))"
        }
        return sentence + "."
    }

    /// "window 3 saves 94% memory for 1.6× CPU on average": the smallest window that plays every GIF without a stall,
    /// averaged over the GIFs measured with it and with eager; one sentence per codec when the run used both.
    public static func corpusSummary(_ summaries: [CaseSummary]) -> String? {
        let rows = candidates(summaries)
        let codecs = rows.codecs
        let speeds = Set(rows.map(\.setting.speed)).sorted()
        let parts = speeds.flatMap { speed in
            codecs.compactMap { codec in
                let ofWay = rows.filter { $0.setting.codec == codec && $0.setting.speed == speed }
                var named: [String] = []
                if speeds != [1] { named.append("at speed \(Format.fixed(speed, digits: 2))×") }
                if codecs.count > 1 { named.append("with the \(codec) codec") }
                return smallestStallFreeWindow(ofWay).map { named.isEmpty ? $0 : named.joined(separator: ", ") + ", " + $0 }
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " And ")
    }

    private static func smallestStallFreeWindow(_ rows: [CaseSummary]) -> String? {
        let gifs = Set(rows.map(\.gif))
        guard !gifs.isEmpty else { return nil }
        let windows = Set(fixedWindows(rows).map(\.window)).sorted()
        // A run of library players or policies alone measured no window: it has nothing to say about one.
        guard !windows.isEmpty else { return nil }
        for window in windows {
            let atWindow = gifs.compactMap { gif in fixedWindows(rows.filter { $0.gif == gif }).first { $0.window == min(window, $0.frames) } }
            guard atWindow.count == gifs.count, atWindow.allSatisfy({ $0.metrics[Measure.stalls.column]?.max == 0 }) else { continue }
            var savings: [Double] = [], cpu: [Double] = []
            for row in atWindow {
                guard let eager = rows.first(where: { $0.identity == row.identity.eagerPartner }) else { continue }
                savings.append(1 - row.median(.jemallocAllocatedPeak) / max(eager.median(.jemallocAllocatedPeak), 1))
                cpu.append(row.median(row.answerCPU) / max(eager.median(eager.answerCPU), 1e-9))
            }
            guard !savings.isEmpty else { return "window \(window) plays every GIF here without a stall (no eager run "
                                                 + "to compare it with)." }
            let meanSaving = savings.reduce(0, +) / Double(savings.count), meanCPU = cpu.reduce(0, +) / Double(cpu.count)
            return "window \(window) plays every GIF here without a stall and saves "
                   + "\(Format.fixed(meanSaving * 100, digits: 0))% memory "
                + "for \(Format.ratio(meanCPU)) CPU on average (over \(savings.count) GIFs, against eager)."
        }
        return "no measured window plays every GIF here without a stall."
    }
}
