import CaseModel

extension MetricUnit {
    /// `number` as a person reads a figure of this unit: bytes in KiB or MiB, seconds in ms or s, counts whole.
    public func format(_ number: Double) -> String {
        switch self {
        case .bytes: Format.bytes(number)
        case .seconds: Format.duration(number)
        case .count: Format.fixed(number, digits: 0)
        case .ratio, .text: Format.fixed(number, digits: 3)
        }
    }
}
