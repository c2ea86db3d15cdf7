import FrameDecoders
import Testing

/// What pacing costs each step of a decode: measured from the probes against the trace the replay charges, and
/// charged step by step.
@Suite("Pacing factors")
struct PacingFactorsTests {
    /// Four frames, each decode 400 ns: 100 of LZW, 200 of copy and 100 of drawing.
    static let trace = FrameCostTrace(passes: [[900, 400, 400, 400]], lzw: [[300, 100, 100, 100]],
                                      copy: [[300, 200, 200, 200]])

    /// A probe of frames 1 and 2 whose LZW cost 2×, its drawing 3× and its copy 4× the trace's.
    static func probe(lzw: Int = 200, draw: Int = 300, copy: Int = 800) -> FrameCostTrace {
        var probe = FrameCostTrace(passes: [])
        probe.paced = [lzw + draw + copy, lzw + draw + copy]
        probe.pacedLZW = [lzw, lzw]
        probe.pacedCopy = [copy, copy]
        return probe
    }

    @Test("each step's factor is its paced cost over the trace's same frames; the whole weighs them up")
    func factorsPerStep() throws {
        let factors = try #require(PacingFactors.measure(probes: [Self.probe()], against: Self.trace))
        #expect(factors == PacingFactors(lzw: 2, draw: 3, copy: 4, whole: 3.25))
        // Probes pool by their median: two probes of 2× and 6× copies read as 4×.
        let pooled = try #require(PacingFactors.measure(probes: [Self.probe(copy: 400), Self.probe(copy: 1200)],
                                                        against: Self.trace))
        #expect(pooled.copy == 4 && pooled.lzw == 2)
        // A probe faster than the trace does not make playback cheaper than back to back.
        let cheap = try #require(PacingFactors.measure(probes: [Self.probe(lzw: 50)], against: Self.trace))
        #expect(cheap.lzw == 1)
        #expect(PacingFactors.measure(probes: [Self.trace], against: Self.trace) == nil, "no probe, no factor")
    }

    @Test("a probe's frames are spread over the animation, as its sleep allows, each beside the same traced frame")
    func probeFramesAreSpread() throws {
        // 0.4 s of sleep, at most 10 ms a frame: 40 frames of 150, the middle of each fortieth of frames 1 … 149.
        let spread = PacingFactors.probeFrames(delays: Array(repeating: 0.05, count: 150))
        #expect(spread.count == 40 && spread.first == 2 && spread.last == 148, "\(spread)")
        #expect(zip(spread, spread.dropFirst()).allSatisfy { (3...4).contains($1 - $0) }, "evenly spread: \(spread)")
        #expect(PacingFactors.probeFrames(delays: Array(repeating: 0.2, count: 150)) == spread,
                "a long delay is slept 10 ms at most: the cold cache is the same, the budget buys as many frames")
        #expect(PacingFactors.probeFrames(delays: Array(repeating: 0.005, count: 150)).count == 48, "at most 48")
        #expect(PacingFactors.probeFrames(delays: [0.1, 0.1]) == [1] && PacingFactors.probeFrames(delays: [0.1]) == [])
        // Frame 1 copied into a fresh buffer in the trace: 600 ns where the rest copy in 200. A probe of frames 2 and 3
        // that copied in 800 reads 4×; the same costs read as frames 1 and 2 would say 2×.
        let trace = FrameCostTrace(passes: [[900, 700, 300, 300]], lzw: [[0, 0, 0, 0]], copy: [[300, 600, 200, 200]])
        var probe = Self.probe(lzw: 0, draw: 100, copy: 800)
        probe.pacedFrames = [2, 3]
        #expect(try #require(PacingFactors.measure(probes: [probe], against: trace)).copy == 4)
        probe.pacedFrames = nil
        #expect(try #require(PacingFactors.measure(probes: [probe], against: trace)).copy == 2)
        probe.pacedFrames = [2, 4]
        #expect(PacingFactors.measure(probes: [probe], against: trace) == nil, "frame 4 is not in the trace")
    }

    @Test("one probe held up does not set the factors: a 40× copy among two of 2× reads as 2×")
    func heldUpProbeDoesNotSetFactors() throws {
        let probes = [Self.probe(copy: 400), Self.probe(copy: 8000), Self.probe(copy: 400)]
        let factors = try #require(PacingFactors.measure(probes: probes, against: Self.trace))
        #expect(factors.copy == 2, "a sum over the pool would read (800 + 16000 + 800) / 1200 = 14.7×")
        #expect(factors.whole == 2.25, "the whole decode's median probe: (200 + 300 + 400) / 400")
        #expect(factors.lzw == 2 && factors.draw == 3)
    }

    @Test("a paced trace charges each step its own factor; a trace without steps, the whole decode's")
    func pacedChargesEachStep() {
        let factors = PacingFactors(lzw: 2, draw: 3, copy: 4, whole: 5)
        #expect(Self.trace.paced(by: factors).passes == [[2700, 1300, 1300, 1300]])
        #expect(FrameCostTrace(passes: [[100, 200]]).paced(by: factors).passes == [[500, 1000]])
    }

    @Test("a library's fresh copy is charged as a typical one, and its excess is the first touch, as traced")
    func freshCopiesAreFirstTouches() {
        let factors = PacingFactors(lzw: 1, draw: 1, copy: 3, whole: 2)
        // A library's first two buffers were fresh: copies of 1,000 ns where it later copies in 100.
        let library = FrameCostTrace(passes: [[1000, 1000, 100, 100, 100]], lzw: [[0, 0, 0, 0, 0]],
                                     copy: [[1000, 1000, 100, 100, 100]])
        // Not taken apart (a window's trace), every copy pays the copy's factor.
        #expect(library.paced(by: factors).passes == [[3000, 3000, 300, 300, 300]])
        // Taken apart for a library's replay: each fresh copy (at least twice the typical) is charged as a typical
        // one, and its excess, 900, is the first touch the replay charges each fresh buffer.
        let apart = library.paced(by: factors, firstTouchApart: true)
        #expect(apart.passes == [[300, 300, 300, 300, 300]] && apart.firstTouch == 900)
        #expect(apart.scaled(by: 2).firstTouch == 1800, "a slower device touches pages slower too")
        // A copy held up by noise, 2.5× the typical one, is not a first touch beside those of 10×: it keeps its factor.
        let noisy = FrameCostTrace(passes: [[1000, 1000, 250, 100, 100, 100, 100]], lzw: [[0, 0, 0, 0, 0, 0, 0]],
                                   copy: [[1000, 1000, 250, 100, 100, 100, 100]])
        let noisyApart = noisy.paced(by: factors, firstTouchApart: true)
        #expect(noisyApart.firstTouch == 900 && noisyApart.passes == [[300, 300, 750, 300, 300, 300, 300]])
        // A fresh copy after the first recycled buffer is the allocator's pattern, which playback repeats: it keeps
        // its cost, the copy's factor on it all.
        let later = FrameCostTrace(passes: [[1000, 1000, 100, 100, 1000, 100, 100]], lzw: [[0, 0, 0, 0, 0, 0, 0]],
                                   copy: [[1000, 1000, 100, 100, 1000, 100, 100]])
        #expect(later.paced(by: factors, firstTouchApart: true).passes == [[300, 300, 300, 300, 3000, 300, 300]])
        // A pool whose every copy faults has no typical copy of its own: alone, it keeps the copy's factor on them all.
        let pool = FrameCostTrace(passes: [[900, 1000, 1100]], lzw: [[0, 0, 0]], copy: [[900, 1000, 1100]])
        #expect(pool.paced(by: factors, firstTouchApart: true).passes == [[2700, 3000, 3300]])
        #expect(pool.paced(by: factors, firstTouchApart: true).firstTouch == 0, "no copy twice the typical one")
        // Beside a copy of 100 ns into a recycled buffer, every copy is a first touch: a typical copy paced, and its
        // own excess (800, 900, 1,000 ns), as traced, on its own decode: fresh pages come in lumps.
        let beside = pool.paced(by: factors, firstTouchApart: true, reusedCopy: 100)
        #expect(beside.passes == [[1100, 1200, 1300]] && beside.firstTouch == 0)
        // A window's trace is not taken apart, whatever the recycled copy.
        #expect(pool.paced(by: factors, reusedCopy: 100).passes == [[2700, 3000, 3300]])
        // A player whose typical copy is under twice the recycled one keeps its own typical copy.
        #expect(library.paced(by: factors, firstTouchApart: true, reusedCopy: 400) == apart)
        #expect(library.paced(by: factors, firstTouchApart: true, reusedCopy: 60) == apart)
    }

    @Test("a trace's typical copy is its first loop's median")
    func typicalCopyIsTheMedian() {
        #expect(FrameCostTrace(passes: [[1, 1, 1, 1]], lzw: [[0, 0, 0, 0]], copy: [[40, 10, 30, 20]]).typicalCopy == 30)
        #expect(FrameCostTrace(passes: [[1, 1]]).typicalCopy == nil)
    }
}
