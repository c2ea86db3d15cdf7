import CaseModel
import BenchPlan
import BenchRunning

/// One row per model and repetition, RFC 4180 with CRLF line ends: what was played, then every ``FeedMeasure`` in its
/// declared order and unit, then the failure, then the renamed columns under their former names
/// (``FeedMeasure/formerColumn``), kept for one release.
public enum FeedCSVReporter {
    /// A column that says what the feed was (or how it ended), not what it measured.
    struct Describing: Sendable {
        let name: String
        let unit: MetricUnit
        let meaning: String
        let cell: @Sendable (FeedResult) -> String
    }

    /// The columns before the measures.
    static let setting: [Describing] = [
        Describing(name: "model", unit: .text,
                   meaning: "the model every player played with (`eager`, `windowed w=4`, `flanimatedimage`)",
                   cell: { $0.feed.model }),
        Describing(name: "repetition", unit: .count, meaning: "the repetition, from 1",
                   cell: { "\($0.feed.repetition)" }),
        Describing(name: "players", unit: .count, meaning: "players on screen at once",
                   cell: { "\($0.feed.players)" }),
        Describing(name: "entrants", unit: .count,
                   meaning: "players that entered over the feed, the first ones included",
                   cell: { "\($0.feed.schedule.entrants)" }),
        Describing(name: "scroll_per_s", unit: .ratio, meaning: "players leaving, and as many entering, per second",
                   cell: { Format.fixed($0.feed.scrollRate, digits: 3) }),
        Describing(name: "feed_s", unit: .seconds, meaning: "how long the feed played",
                   cell: { Format.fixed($0.feed.seconds, digits: 3) }),
        Describing(name: "gifs", unit: .text, meaning: "the GIFs the players played, by name, space-separated",
                   cell: { Set($0.feed.gifs.map(\.name)).sorted().joined(separator: " ") }),
        Describing(name: "device", unit: .text, meaning: "the device profile played under (empty: this host)",
                   cell: { $0.feed.device ?? "" }),
        Describing(name: "display", unit: .text, meaning: "the size frames were kept at, `WxH`, or `full`",
                   cell: { $0.feed.display.map { "\($0.width)x\($0.height)" } ?? "full" }),
        Describing(name: "codec", unit: .text, meaning: "the LZW codec (`fast` or `giflib`)",
                   cell: { $0.feed.codec.rawValue }),
        Describing(name: "pool_width", unit: .count, meaning: "frames the shared pool decodes at once, at most",
                   cell: { "\($0.poolWidth)" }),
    ]

    /// The column after the measures.
    static let failure = Describing(name: "failure", unit: .text,
                                    meaning: "why the feed could not be measured (empty when it was)",
                                    cell: { $0.failure ?? "" })

    /// The renamed figures, written again under their former names after the failure, in declared order.
    static var renamed: [FeedMeasure] { FeedMeasure.allCases.filter { $0.formerColumn != nil } }

    /// Every column's name, in the CSV's order.
    public static var columnNames: [String] {
        setting.map(\.name) + FeedMeasure.allCases.map(\.column) + [failure.name] + renamed.compactMap(\.formerColumn)
    }

    public static func render(_ report: FeedReport) -> String {
        var lines = [columnNames.joined(separator: ",")]
        for result in report.results {
            let measured = FeedMeasure.allCases.map { cell(result.value($0), digits: $0.digits) }
            let former = renamed.map { measure in
                cell(result.value(measure).map(measure.formerValue), digits: measure.formerDigits)
            }
            let cells = setting.map { $0.cell(result) } + measured + [failure.cell(result)] + former
            lines.append(cells.map(Format.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A figure's cell: empty when the feed has no such figure (no memory warning was sent), whole for 0 digits.
    static func cell(_ value: Double?, digits: Int) -> String {
        guard let value else { return "" }
        return digits == 0 ? "\(Int(value))" : Format.fixed(value, digits: digits)
    }
}
