/// What pacing does to each step of a decode: a throughput case decodes frames back to back, on a core kept busy and
/// its caches warm, while playback decodes one frame a delay, on a core that idled since the last. The copy of a
/// whole canvas into a buffer gone cold pays most, the LZW decode least, so each step has its own factor; a replay
/// charges a back-to-back trace its paced cost through ``FrameCostTrace/paced(by:firstTouchApart:reusedCopy:)``.
public struct PacingFactors: Sendable, Hashable, Codable {
    public var lzw: Double
    public var draw: Double
    public var copy: Double
    /// The whole decode's: the probed frames' paced cost over their traced cost.
    public var whole: Double

    public init(lzw: Double, draw: Double, copy: Double, whole: Double) {
        self.lzw = lzw
        self.draw = draw
        self.copy = copy
        self.whole = whole
    }

    /// The frames a probe times: as many as the sleep budget allows (to the nearest frame) at the GIF's mean sleep
    /// (``sleepSeconds(delay:)``, never above ``FrameCostTrace/pacingProbeLongestSleep``, so the budget always buys
    /// many), at most ``FrameCostTrace/pacingProbeFrames``, each the middle of an equal share of frames 1 … n−1. A
    /// trace's first frames copy into buffers its decoder never touched, so a probe of them alone would set a paced
    /// copy beside a dear traced one; a few frames alone set the GIF's factor by theirs (`Reports/margin-validation/`).
    /// Empty for a single frame.
    public static func probeFrames(delays: [Double]) -> [Int] {
        let later = delays.count - 1
        guard later >= 1 else { return [] }
        let mean = delays.dropLast().map(sleepSeconds(delay:)).reduce(0, +) / Double(later)
        let affordable = mean > 0 ? Int((FrameCostTrace.pacingProbeSleepSeconds / mean).rounded())
                                 : FrameCostTrace.pacingProbeFrames
        let count = min(later, FrameCostTrace.pacingProbeFrames, affordable)
        return (0..<count).map { 1 + ($0 * later + later / 2) / count }
    }

    /// How long a probe sleeps before decoding the frame after one shown for `delay` seconds: the delay, at most
    /// ``FrameCostTrace/pacingProbeLongestSleep``.
    public static func sleepSeconds(delay: Double) -> Double {
        min(max(0, delay), FrameCostTrace.pacingProbeLongestSleep)
    }

    /// The factors `probes` give against `trace`, the trace a replay charges: for each step, the median over the
    /// probes of one probe's factor, the sum of its paced decodes over the sum of `trace`'s first-loop cost of the same
    /// frames (``FrameCostTrace/pacedFrames``, or frames 1, 2, … in order). A median, not a sum over the pool: a probe
    /// whose one decode was held up (a copy 20× its siblings') would set a pooled sum, and with it every margin of the
    /// run. Each is at least 1; a step the trace did not time apart takes the whole decode's. Nil without a probe.
    public static func measure(probes: [FrameCostTrace], against trace: FrameCostTrace) -> PacingFactors? {
        let probes = probes.filter { probe in
            let frames = Self.frames(of: probe)
            return !frames.isEmpty && frames.allSatisfy { $0 >= 1 && $0 < trace.frameCount }
        }
        func factor(_ step: KeyPath<FrameCostTrace, [Int]?>, _ traced: [Int]?) -> Double? {
            guard let traced else { return nil }
            return Self.factor(probes.compactMap { probe in probe[keyPath: step].map { (Self.frames(of: probe), $0) } },
                               traced)
        }
        guard let whole = factor(\.paced, trace.passes.first) else { return nil }
        let lzw = factor(\.pacedLZW, trace.lzw?.first)
        let copy = factor(\.pacedCopy, trace.copy?.first)
        let draw = factor(\.pacedDraw, trace.draw?.first)
        return PacingFactors(lzw: lzw ?? whole, draw: draw ?? whole, copy: copy ?? whole, whole: whole)
    }

    /// The frames `probe` decoded: its own list, or frames 1 … n for a probe of n frames that kept none.
    private static func frames(of probe: FrameCostTrace) -> [Int] {
        let count = probe.paced?.count ?? 0
        return probe.pacedFrames.map { $0.count == count ? $0 : [] } ?? Array(1..<(count + 1))
    }

    /// The median over `paced`'s probes of each one's sum over the sum of `traced`'s cost of the same frames, at least
    /// 1 (the mean of the middle two for an even count); nil when no probe has a non-zero sum of each.
    private static func factor(_ paced: [(frames: [Int], costs: [Int])], _ traced: [Int]) -> Double? {
        let factors = paced.compactMap { probe -> Double? in
            guard probe.frames.count == probe.costs.count, probe.frames.allSatisfy({ $0 < traced.count }) else {
                return nil
            }
            let spent = probe.costs.reduce(0, +)
            let unpaced = probe.frames.reduce(0) { $0 + traced[$1] }
            return spent > 0 && unpaced > 0 ? Double(spent) / Double(unpaced) : nil
        }.sorted()
        guard !factors.isEmpty else { return nil }
        let middle = factors.count / 2
        let median = factors.count % 2 == 1 ? factors[middle] : (factors[middle - 1] + factors[middle]) / 2
        return max(1, median)
    }
}
