import BenchPlan

/// One figure a gate found regressed, as `regressions.tsv` in the gate's folder lists it: a later gate confirms a
/// regression in time only where an earlier one found the same (``GateOutcome/confirmed(by:source:)``).
public struct RegressionRecord: Sendable, Hashable {
    public var gif: String
    public var setting: String
    public var metric: String

    public init(gif: String, setting: String, metric: String) {
        self.gif = gif
        self.setting = setting
        self.metric = metric
    }

    /// The record of a gate's row: its GIF (or aggregate), setting and figure, as its reports name them.
    init(_ row: Comparison) {
        self.init(gif: row.gif, setting: row.setting, metric: row.metric.description)
    }

    /// The file a gate writes beside `gate.md`.
    public static let fileName = ReportFile.regressions.name
    static let header = "gif\tsetting\tmetric"

    /// The file's text for `records`: a header, then one tab-separated line each, each field escaped (a GIF's name
    /// may hold a tab, a newline or a backslash: written `\t`, `\n`, `\\`) so a record is always one line of three.
    public static func render(_ records: [RegressionRecord]) -> String {
        ([header] + records.map { [$0.gif, $0.setting, $0.metric].map(escaped).joined(separator: "\t") }).joined(separator: "\n") + "\n"
    }

    static func escaped(_ field: String) -> String {
        field.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescaped(_ field: String) -> String {
        var out = "", pending = false
        for character in field {
            if pending {
                switch character {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(character)
                }
                pending = false
            } else if character == "\\" {
                pending = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The records of a file ``render(_:)`` wrote; throws one line naming `source` when it is not such a file.
    public static func parse(_ text: String, source: String) throws(UsageError) -> Set<RegressionRecord> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else {
            throw UsageError("\(source): not a gate's \(fileName) (its first line is not "
                             + "'\(header.replacingOccurrences(of: "\t", with: "<tab>"))')")
        }
        var records: Set<RegressionRecord> = []
        for (number, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, !fields.contains(where: \.isEmpty) else {
                throw UsageError("\(source): line \(number + 2) is not three tab-separated fields (gif, "
                                 + "setting, metric)")
            }
            records.insert(RegressionRecord(gif: unescaped(fields[0]), setting: unescaped(fields[1]),
                                            metric: unescaped(fields[2])))
        }
        return records
    }
}

extension GateOutcome {
    /// Every regressed figure, for the gate's `regressions.tsv`.
    public var regressionRecords: [RegressionRecord] {
        regressions.map(RegressionRecord.init)
    }

    /// This gate's verdicts with each regression in time that `earlier` (an earlier gate's records, read from
    /// `source`) does not hold made within noise, noted as unconfirmed. A paired time interval is the one verdict
    /// chance can give: over a quick gate's cases and aggregates, one interval in several gates falls past the band on
    /// a shared machine, so a gate run again before failing should fail only on a time regression found both times,
    /// not on two chance findings in two places. Everything else (frames, memory, instructions, a broken or incomplete
    /// run, a figure not judged) stands as it is.
    public func confirmed(by earlier: Set<RegressionRecord>, source: String) -> GateOutcome {
        var outcome = self
        for index in outcome.comparisons.indices {
            let row = outcome.comparisons[index]
            guard row.verdict == .regressed, row.interval != nil, case .figure(.measure(let measure)) = row.metric, measure.unit == .seconds,
                  !earlier.contains(RegressionRecord(row)) else { continue }
            outcome.comparisons[index].verdict = .withinNoise
            outcome.comparisons[index].note = "regressed in this gate only, not in \(source): unconfirmed"
        }
        return outcome
    }
}
