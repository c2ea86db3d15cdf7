/// How long `--decode-slowdown X` has a decode's thread spin once the decode is done: X − 1 times what the decode
/// cost, as on a device X times slower, except a hold-up that is not work. On this project's virtual machines a core
/// woken from idle now and then runs a few milliseconds late, counted on the thread's own clock
/// (`Benchmarks/Scripts/idle_hiccups.sh`); stretched X times, one such hold-up stalls playback as no slower device
/// would. So a decode that cost more than ``hiccupRatio`` times the median of the last ``recent`` decodes without a
/// page fault is stretched as that bound; a decode that faulted (a fresh buffer's first touch) is stretched whole.
public struct DecodeStretch: Sendable {
    /// How many times its own cost each decode is to take.
    public let factor: Double
    /// A decode above this many times the recent median, without a page fault, was held up.
    public static let hiccupRatio = 4.0
    /// The decodes the median is taken over.
    public static let recent = 32
    private var costs: [Double] = []

    public init(factor: Double) { self.factor = factor }

    /// The seconds to spin after a decode that cost `seconds` and `faulted` or not, and the decode remembered.
    public mutating func spinSeconds(afterDecodeOf seconds: Double, faulted: Bool) -> Double {
        defer {
            costs.append(seconds)
            if costs.count > Self.recent { costs.removeFirst() }
        }
        guard factor > 1 else { return 0 }
        guard !faulted else { return (factor - 1) * seconds }
        // A fresh buffer's first touch is work, stretched whole; so is the first decode, with nothing to set it beside.
        guard !costs.isEmpty else { return (factor - 1) * seconds }
        let median = costs.sorted()[costs.count / 2]
        return (factor - 1) * min(seconds, Self.hiccupRatio * median)
    }
}
