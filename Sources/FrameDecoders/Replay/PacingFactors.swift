/// What pacing does to each step of a decode: a throughput case decodes frames back to back, on a core kept busy and
/// its caches warm, while playback decodes one frame a delay, on a core that idled since the last. The copy of a
/// whole canvas into a buffer gone cold pays most, the LZW decode least, so each step has its own factor; a replay
/// charges a back-to-back trace its paced cost through ``FrameCostTrace/paced(by:)``.
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

    /// The factors `probes` give against `trace`, the trace a replay charges: for each step, the sum of every probe's
    /// paced decodes (pooled over the repetitions that probed, so one probe on a fast or slow core does not set it)
    /// over the sum of `trace`'s first-loop cost of the same frames (a probe times frames 1, 2, … in order, each
    /// repetition's frames counted once per probe). Sums, not medians, so the steps' factors weigh up to the whole's.
    /// Each is at least 1; a step the trace did not time apart takes the whole decode's. Nil without a probe.
    public static func measure(probes: [FrameCostTrace], against trace: FrameCostTrace) -> PacingFactors? {
        let probes = probes.filter { ($0.paced?.count ?? 0) > 0 && ($0.paced?.count ?? 0) < trace.frameCount }
        guard let traced = trace.passes.first, let whole = factor(probes.compactMap(\.paced), traced) else {
            return nil
        }
        let lzw = trace.lzw?.first.flatMap { factor(probes.compactMap(\.pacedLZW), $0) }
        let copy = trace.copy?.first.flatMap { factor(probes.compactMap(\.pacedCopy), $0) }
        let draw = trace.draw?.first.flatMap { factor(probes.compactMap(\.pacedDraw), $0) }
        return PacingFactors(lzw: lzw ?? whole, draw: draw ?? whole, copy: copy ?? whole, whole: whole)
    }

    /// The sum of `paced`'s values over the sum of `traced`'s frames 1 … n for each probe of n frames, at least 1;
    /// nil when either is empty or the traced sum is 0.
    private static func factor(_ paced: [[Int]], _ traced: [Int]) -> Double? {
        let spent = paced.reduce(0) { $0 + $1.reduce(0, +) }
        let unpaced = paced.reduce(0) { sum, probe in
            sum + (probe.count < traced.count ? traced[1...probe.count].reduce(0, +) : 0)
        }
        guard spent > 0, unpaced > 0 else { return nil }
        return max(1, Double(spent) / Double(unpaced))
    }
}
