/// How long `--decode-slowdown X` has a decode's thread spin once the decode is done: X − 1 times what the decode
/// cost, as on a device X times slower, except a hold-up that is not work. On this project's virtual machines a core
/// woken from idle now and then runs a few milliseconds late, counted on the thread's own clock
/// (`Benchmarks/Scripts/idle_hiccups.sh`); stretched X times, one such hold-up stalls playback as no slower device
/// would. So a decode that cost more than ``hiccupRatio`` times the median of the last ``recent`` decodes of its kind
/// is stretched as that bound. The kinds are apart: a decode that took a page fault (a fresh buffer's first touch)
/// is set beside the others that faulted, not beside the cheaper ones that did not.
public struct DecodeStretch: Sendable {
    /// How many times its own cost each decode is to take.
    public let factor: Double
    /// A decode above this many times the recent median of its kind was held up.
    public static let hiccupRatio = 4.0
    /// The decodes of each kind the median is taken over.
    public static let recent = 32
    /// The last decodes' costs, those that faulted apart from those that did not.
    private var faulting: [Double] = []
    private var clean: [Double] = []

    public init(factor: Double) { self.factor = factor }

    /// The seconds to spin after a decode that cost `seconds` and `faulted` or not, and the decode remembered.
    public mutating func spinSeconds(afterDecodeOf seconds: Double, faulted: Bool) -> Double {
        let kind = faulted ? faulting : clean
        defer {
            if faulted { faulting = Self.remembering(seconds, in: faulting) }
            else { clean = Self.remembering(seconds, in: clean) }
        }
        guard factor > 1 else { return 0 }
        // The first decode of its kind has nothing to be set beside: stretched whole.
        guard !kind.isEmpty else { return (factor - 1) * seconds }
        let median = kind.sorted()[kind.count / 2]
        return (factor - 1) * min(seconds, Self.hiccupRatio * median)
    }

    private static func remembering(_ seconds: Double, in costs: [Double]) -> [Double] {
        Array((costs + [seconds]).suffix(recent))
    }
}
