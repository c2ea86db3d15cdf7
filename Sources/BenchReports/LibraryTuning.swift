import BenchPlan
import BenchRunning

/// The answer to a sweep over a library's setting (`--policies kingfisher:preload=2..12`): for each library tuned,
/// the value that needs the least memory without a stall or a dropped frame, beside the library's default.
enum LibraryTuning {
    /// Whether any row plays a library with a setting changed from its default.
    static func tunes(_ rows: [CaseSummary]) -> Bool {
        rows.contains { !$0.decoder.changes.isEmpty }
    }

    /// One GIF played one way: a sentence per tuned library, "kingfisher: framePreloadCount = 3, 18% of the memory of
    /// the default (10 ahead), 1.02× its CPU".
    static func cell(_ rows: [CaseSummary]) -> String {
        let libraries = rows.compactMap(\.library)
        let tuned = libraries.filter { !$0.changes.isEmpty }.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard !tuned.isEmpty else { return "" }
        return tuned.map { name in MarkdownReporter.cell(sentence(name, rows.filter { $0.library?.name == name })) }.joined(separator: "; ")
    }

    private static func sentence(_ name: String, _ rows: [CaseSummary]) -> String {
        let defaultRow = rows.first { $0.library?.changes.isEmpty == true }
        let smooth = rows.filter(\.playsSmoothly).sorted { $0.median(.jemallocAllocatedPeak) < $1.median(.jemallocAllocatedPeak) }
        guard let best = smooth.first, let player = best.library else {
            return "\(name): every setting measured stalled or dropped frames"
        }
        let setting = player.changes.isEmpty ? "the default" : player.changes.joined(separator: ", ")
        guard let defaultRow else { return "\(name): \(setting) (\(best.libraryRule ?? "")); the default "
                                           + "was not measured" }
        guard best.identity != defaultRow.identity else { return "\(name): the default (\(best.libraryRule ?? "")) "
                                                                 + "needs the least memory" }
        let memory = best.median(.jemallocAllocatedPeak) / max(defaultRow.median(.jemallocAllocatedPeak), 1)
        let cpu = best.median(best.answerCPU) / max(defaultRow.median(defaultRow.answerCPU), 1e-9)
        let stalls = defaultRow.playsSmoothly ? "" : ", which \(defaultRow.roughness ?? "stalls or drops frames")"
        // Smaller settings left out for a stall or a dropped frame, and how often it happened.
        let excluded = rows.filter { !$0.playsSmoothly && $0.median(.jemallocAllocatedPeak) < best.median(.jemallocAllocatedPeak) }
            .compactMap { row in row.roughness.map { "\(row.library?.changes.joined(separator: ", ") ?? row.label) \($0)" } }
        return "\(name): \(setting), \(Format.fixed(memory * 100, digits: 0))% of the memory of the default "
               + "(\(defaultRow.libraryRule ?? "")\(stalls)), "
            + "\(Format.ratio(cpu)) its CPU" + (excluded.isEmpty ? "" : "; smaller settings left out: " + excluded.joined(separator: "; "))
    }
}
