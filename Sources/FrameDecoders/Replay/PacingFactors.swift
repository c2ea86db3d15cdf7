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

    /// The factors `probes` give against `trace`, the trace a replay charges: for each step, the median over the
    /// probes of one probe's factor, the sum of its paced decodes over the sum of `trace`'s first-loop cost of the same
    /// frames (a probe times frames 1, 2, … in order). A median, not a sum over the pool: a probe whose one decode was
    /// held up (a copy 20× its siblings') would set a pooled sum, and with it every margin of the run. Each is at
    /// least 1; a step the trace did not time apart takes the whole decode's. Nil without a probe.
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

    /// The median over `paced`'s probes of each one's sum over the sum of `traced`'s frames 1 … n for its n frames,
    /// at least 1 (the mean of the middle two for an even count); nil when no probe has a non-zero sum of each.
    private static func factor(_ paced: [[Int]], _ traced: [Int]) -> Double? {
        let factors = paced.compactMap { probe -> Double? in
            let spent = probe.reduce(0, +)
            let unpaced = probe.count < traced.count ? traced[1...probe.count].reduce(0, +) : 0
            return spent > 0 && unpaced > 0 ? Double(spent) / Double(unpaced) : nil
        }.sorted()
        guard !factors.isEmpty else { return nil }
        let middle = factors.count / 2
        let median = factors.count % 2 == 1 ? factors[middle] : (factors[middle - 1] + factors[middle]) / 2
        return max(1, median)
    }
}
