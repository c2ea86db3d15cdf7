import BenchCore
import GIFCodec

/// Which prefetch window to ship, from a real-time run at speed 1: the smallest window that never stalled.
public enum Recommendation {
    /// The fixed-window rows of a GIF measured in real time at speed 1 with no failed repetition.
    static func candidates(_ rows: [CaseSummary]) -> [CaseSummary] {
        rows.filter { $0.mode == .realtime && $0.setting.speed == 1 && $0.repetitions > 0 && $0.failures == 0 }
    }

    /// GIF → one sentence: the smallest window with zero stalls, its memory and CPU beside eager's; one per codec,
    /// each named, when the run used more than one (a faster codec can make a smaller window stall-free).
    public static func perGIF(_ summaries: [CaseSummary]) -> [String: String] {
        let codecs = summaries.codecs
        guard codecs.count > 1 else { return perGIFOneCodec(summaries) }
        let perCodec = codecs.map { codec in (codec, perGIFOneCodec(summaries.filter { $0.setting.codec == codec })) }
        var merged: [String: String] = [:]
        for gif in Set(perCodec.flatMap(\.1.keys)) {
            let sentences = perCodec.compactMap { codec, sentences in sentences[gif].map { (codec, $0) } }
            merged[gif] = Set(sentences.map(\.1)).count == 1 && sentences.count == codecs.count ? sentences[0].1
                : sentences.map { "With the \($0.0) codec, \($0.1)" }.joined(separator: " ")
        }
        return merged
    }

    private static func perGIFOneCodec(_ summaries: [CaseSummary]) -> [String: String] {
        var sentences: [String: String] = [:]
        let gifs = summaries.reduce(into: [String]()) { if !$0.contains($1.gif) { $0.append($1.gif) } }
        for gif in gifs {
            let rows = candidates(summaries.filter { $0.gif == gif })
            guard !rows.isEmpty else {
                if summaries.contains(where: { $0.gif == gif && $0.decoder != .eager }) {
                    sentences[gif] = "run with `--mode realtime` (speed 1) to find the smallest window that never stalls."
                }
                continue
            }
            let windowed = rows.filter { if case .windowed = $0.decoder { return $0.policy == CaseIdentity.fixedWindowPolicy } else { return false } }
                .sorted { $0.window < $1.window }
            guard let best = windowed.first(where: { $0.median(.stalls) == 0 && $0.metrics["stalls"]?.max == 0 }) else {
                sentences[gif] = windowed.isEmpty ? nil : "every measured window stalled; try larger windows or keep all frames."
                continue
            }
            var sentence = "window \(best.window) is the smallest that plays without a stall: peak \(Format.bytes(best.median(.jemallocAllocatedPeak))) allocated, "
                + "\(Format.duration(best.median(.cpuPerAnimationSecond))) CPU per second of animation"
            if let eager = rows.first(where: { $0.decoder == .eager }) {
                sentence += " (eager: \(Format.bytes(eager.median(.jemallocAllocatedPeak))), \(Format.duration(eager.median(.cpuPerAnimationSecond))))"
            }
            sentences[gif] = sentence + "."
        }
        return sentences
    }

    /// "window 3 saves 94% memory for 1.6× CPU on average": the smallest window that plays every GIF without a stall,
    /// averaged over the GIFs measured with it and with eager.
    public static func corpusSummary(_ summaries: [CaseSummary]) -> String? {
        let codecs = summaries.codecs
        guard codecs.count > 1 else { return corpusSummaryOneCodec(summaries) }
        let parts = codecs.compactMap { codec in corpusSummaryOneCodec(summaries.filter { $0.setting.codec == codec }).map { "with the \(codec) codec, \($0)" } }
        return parts.isEmpty ? nil : parts.joined(separator: " And ")
    }

    private static func corpusSummaryOneCodec(_ summaries: [CaseSummary]) -> String? {
        let rows = candidates(summaries)
        let gifs = Set(rows.map(\.gif))
        guard !gifs.isEmpty else { return nil }
        let windows = Set(rows.compactMap { row -> Int? in if case .windowed(let w) = row.decoder, row.policy == CaseIdentity.fixedWindowPolicy { return w }; return nil }).sorted()
        for window in windows {
            let atWindow = gifs.compactMap { gif in
                rows.first { $0.gif == gif && $0.policy == CaseIdentity.fixedWindowPolicy && $0.decoder == .windowed(window: min(window, $0.frames)) }
            }
            guard atWindow.count == gifs.count, atWindow.allSatisfy({ $0.metrics["stalls"]?.max == 0 }) else { continue }
            var savings: [Double] = [], cpu: [Double] = []
            for row in atWindow {
                guard let eager = rows.first(where: { $0.gif == row.gif && $0.decoder == .eager }) else { continue }
                savings.append(1 - row.median(.jemallocAllocatedPeak) / max(eager.median(.jemallocAllocatedPeak), 1))
                cpu.append(row.median(.cpuPerAnimationSecond) / max(eager.median(.cpuPerAnimationSecond), 1e-9))
            }
            guard !savings.isEmpty else { return "window \(window) plays every GIF here without a stall (no eager run to compare it with)." }
            let meanSaving = savings.reduce(0, +) / Double(savings.count), meanCPU = cpu.reduce(0, +) / Double(cpu.count)
            return "window \(window) plays every GIF here without a stall and saves \(Format.fixed(meanSaving * 100, digits: 0))% memory "
                + "for \(Format.ratio(meanCPU)) CPU on average (over \(savings.count) GIFs, against eager)."
        }
        return "no measured window plays every GIF here without a stall."
    }
}
