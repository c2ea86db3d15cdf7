import BenchRunning
import CaseModel

/// What a gate rule judges: a measure, or the same-run ratio of a measure to the eager decoder's on the same GIF (its
/// partner in the run). Written in a thresholds file as the CSV column's name (`cpu_total_s`) or the ratio's
/// (`cpu_ratio_to_eager`), so the files are unchanged; a name that is no measurement is refused when the file is read.
public enum GatedFigure: Sendable, Hashable, CustomStringConvertible {
    case measure(Measure)
    case ratioToEager(Measure)

    /// The ratios a rule may name, by the name a thresholds file gives them.
    static let ratioNames: [Measure: String] = [.cpuTotal: "cpu_ratio_to_eager",
                                                .jemallocAllocatedPeak: "peak_ratio_to_eager"]

    /// The figure a thresholds file names `name`, if it is one a rule can judge.
    public init?(name: String) {
        if let measure = Measure(rawValue: name), measure.polarity != nil {
            self = .measure(measure)
        } else if let ratio = Self.ratioNames.first(where: { $0.value == name }) {
            self = .ratioToEager(ratio.key)
        } else {
            return nil
        }
    }

    /// The name in thresholds files and in the gate's reports.
    public var name: String {
        switch self {
        case .measure(let measure): measure.column
        case .ratioToEager(let measure): Self.ratioNames[measure] ?? measure.column + "_ratio_to_eager"
        }
    }

    public var description: String { name }

    /// The measure the figure is made of.
    public var measure: Measure {
        switch self {
        case .measure(let measure), .ratioToEager(let measure): measure
        }
    }

    public var unit: MetricUnit {
        if case .measure(let measure) = self { measure.unit } else { .ratio }
    }

    /// Which way is better: the measure's; a ratio to eager's is smaller-is-better.
    public var polarity: Polarity {
        if case .measure(let measure) = self { measure.polarity ?? .smallerIsBetter } else { .smallerIsBetter }
    }
}

extension GatedFigure: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let figure = GatedFigure(name: name) else {
            let describes = CSVColumn(column: name) != nil
            throw DecodingError.dataCorruptedError(in: container, debugDescription: describes
                ? "'\(name)' describes a case, it is not a measurement a rule can judge" : "unknown metric '\(name)'")
        }
        self = figure
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
