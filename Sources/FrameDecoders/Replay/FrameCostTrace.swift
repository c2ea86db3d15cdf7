/// What decoding each frame cost, pass by pass: the CPU the decoding thread spent (its own clock,
/// `CLOCK_THREAD_CPUTIME_ID`) compositing the frame and writing it into the buffer that keeps it, for the decode
/// that produced the frame shown in each loop of a throughput playback (in real time, of the first loop only). A replay
/// charges these costs to its virtual decoding thread. Kept in whole nanoseconds, one array a loop (results.json's
/// `frame_costs`), with the LZW and copy steps in arrays of the same shape when the decoder timed them apart.
public struct FrameCostTrace: Sendable, Hashable, Codable {
    /// `passes[loop][frame]`: nanoseconds of the decode behind frame `frame` shown in loop `loop`.
    public var passes: [[Int]]
    /// The LZW decode's share of each entry of ``passes``, in nanoseconds; nil when the decoder did not time it apart
    /// (the eager decoder, or a trace made before it was recorded).
    public var lzw: [[Int]]?
    /// The copy into the buffer that keeps the frame, likewise; the rest of an entry is drawing.
    public var copy: [[Int]]?
    /// Bytes the decoding thread allocated, and freed, during each decode (jemalloc's per-thread counters), in the
    /// same shape; nil when not read.
    public var allocated: [[Int]]?
    public var freed: [[Int]]?
    /// A few frames decoded again after playback, each after sleeping its delay as playback paces decodes, in
    /// nanoseconds, with their LZW and copy steps: what pacing does to each step of a decode on this host (a core
    /// that idles between frames runs the next one colder and slower; ``PacingFactors``). Nil when the case did not
    /// probe it.
    public var paced: [Int]?
    /// The frames the probe decoded, in order; nil for a probe of frames 1, 2, … (reports made before it spread them).
    public var pacedFrames: [Int]?
    public var pacedLZW: [Int]?
    public var pacedCopy: [Int]?
    /// Nanoseconds a decode into a buffer its player never held costs beyond a typical decode: the kernel's first
    /// touch of the buffer's pages, as traced (``paced(by:firstTouchApart:reusedCopy:)``). A replayed library's player
    /// charges it to each decode that needs one buffer more than it ever held. Nil on a trace as recorded; not in
    /// reports.
    public var firstTouch: Int?

    /// Reports spell the keys in snake case: `paced_lzw` reads back as `pacedLzw`.
    enum CodingKeys: String, CodingKey {
        case passes, lzw, copy, allocated, freed, paced, pacedFrames, pacedCopy
        case pacedLZW = "pacedLzw"
    }

    /// The most frames a pacing probe decodes, and the most it sleeps in all.
    public static let pacingProbeFrames = 48
    public static let pacingProbeSleepSeconds = 0.4
    /// The longest a pacing probe sleeps before one decode, shorter than most delays: after this long idle a core's
    /// caches have gone as cold as after a whole delay (`Reports/idle-hiccups/`), and the sleep budget buys more
    /// frames.
    public static let pacingProbeLongestSleep = 0.01
    /// A copy this many times its loop's typical one wrote into pages never touched before.
    public static let freshCopyRatio = 2.0

    public init(passes: [[Int]], lzw: [[Int]]? = nil, copy: [[Int]]? = nil, allocated: [[Int]]? = nil,
                freed: [[Int]]? = nil) {
        self.passes = passes
        self.lzw = lzw
        self.copy = copy
        self.allocated = allocated
        self.freed = freed
    }

    /// A trace of `seconds` laid out loop by loop, `frameCount` frames a loop (a last, partial loop is dropped).
    public init(seconds: [Double], frameCount: Int) {
        self.init(costs: seconds.map { DecodeCost(seconds: $0) }, frameCount: frameCount)
    }

    /// A trace of `costs` laid out loop by loop, `frameCount` frames a loop (a last, partial loop is dropped); with
    /// the steps when every decode timed them.
    public init(costs: [DecodeCost], frameCount: Int) {
        guard frameCount > 0 else { self.init(passes: []); return }
        let loops = stride(from: 0, to: costs.count - frameCount + 1, by: frameCount).map { costs[$0..<($0 + frameCount)] }
        func nanoseconds(_ value: Double) -> Int { Int((value * 1e9).rounded()) }
        let stepped = !costs.isEmpty && costs.allSatisfy { $0.steps != nil }
        let metered = stepped && costs.allSatisfy { $0.steps?.allocatedBytes != nil }
        self.init(passes: loops.map { $0.map { nanoseconds($0.seconds) } },
                  lzw: stepped ? loops.map { $0.map { nanoseconds($0.steps?.lzw ?? 0) } } : nil,
                  copy: stepped ? loops.map { $0.map { nanoseconds($0.steps?.copy ?? 0) } } : nil,
                  allocated: metered ? loops.map { $0.map { $0.steps?.allocatedBytes ?? 0 } } : nil,
                  freed: metered ? loops.map { $0.map { $0.steps?.freedBytes ?? 0 } } : nil)
    }

    public var frameCount: Int { passes.first?.count ?? 0 }

    /// The first loop's typical (median) copy into the buffer that keeps a frame, in nanoseconds; nil without steps.
    public var typicalCopy: Int? { copy?.first.map(Self.typical) }

    /// A loop's typical step: the median, the upper middle value for an even count; 0 for none.
    static func typical(_ loop: [Int]) -> Int { loop.isEmpty ? 0 : loop.sorted()[loop.count / 2] }

    /// The same trace with every decode `factor` times as costly, each step alike: what the frames would cost on a
    /// decoder `factor` times slower (a slower device, a busier CPU). The bytes allocated do not change; a probe's
    /// figures are left behind, as they describe the traced decodes, not these.
    public func scaled(by factor: Double) -> FrameCostTrace {
        func scale(_ table: [[Int]]?) -> [[Int]]? {
            table?.map { $0.map { Int((Double($0) * factor).rounded()) } }
        }
        var scaled = FrameCostTrace(passes: scale(passes) ?? [], lzw: scale(lzw), copy: scale(copy),
                                    allocated: allocated, freed: freed)
        scaled.firstTouch = firstTouch.map { Int((Double($0) * factor).rounded()) }
        return scaled
    }

    /// The same trace with each step charged what pacing costs it: LZW, drawing and copy each times its own factor (the
    /// whole decode's when the trace has no steps). What playback's decodes cost, from a back-to-back trace. With
    /// `firstTouchApart`, for a library's player: a fresh copy, one of the leading run of copies at least
    /// ``freshCopyRatio`` times its loop's typical (median) copy and among the dearest, faulted in pages never touched.
    /// It is charged as a typical copy, and what it cost beyond that, the kernel's first touch, goes to ``firstTouch``
    /// (the median over them), as traced: pacing hardly moves a first touch (`Reports/frame-charges/`). A player fills
    /// a fresh buffer for every frame it holds beyond the most it held before, which a replay counts and a back-to-back
    /// trace, freeing as it goes, cannot. `reusedCopy` is a typical copy into a buffer used before (the windowed
    /// decoder's, whose pool is recycled): a player whose typical copy is ``freshCopyRatio`` times it or more
    /// (SDWebImage's pool) has every copy fresh, each such copy a first touch, charged to its own decode as traced
    /// (``firstTouch`` is then 0).
    public func paced(by factors: PacingFactors, firstTouchApart: Bool = false,
                      reusedCopy: Int? = nil) -> FrameCostTrace {
        guard let lzw, let copy, let draw else { return scaled(by: factors.whole) }
        let own = copy.map(Self.typical)
        // A player whose typical copy is itself a first touch beside a recycled buffer's (SDWebImage's pool, a fresh
        // buffer a frame): every copy that dear wrote into fresh pages, and the recycled copy is its typical one.
        let allFresh = own.map { own in
            firstTouchApart && reusedCopy.map { $0 > 0 && Double(own) >= Self.freshCopyRatio * Double($0) } == true
        }
        let typical = own.indices.map { allFresh[$0] ? reusedCopy ?? own[$0] : own[$0] }
        let mostExcess = copy.indices.map { (copy[$0].max() ?? 0) - typical[$0] }
        // Fresh: at least twice the typical copy, and among the dearest (a first touch costs several typical copies;
        // a copy held up by noise, a few), or any such copy of a player whose every copy is fresh.
        func faulted(_ loop: Int, _ frame: Int) -> Bool {
            typical[loop] > 0 && Double(copy[loop][frame]) >= Self.freshCopyRatio * Double(typical[loop])
                && (allFresh[loop] || 2 * (copy[loop][frame] - typical[loop]) >= mostExcess[loop])
        }
        // The buffers the player filled before it first recycled one: the leading run of fresh copies. A fresh copy
        // later on is the allocator's own pattern (YLGIFImage's frees), which playback repeats; it keeps its cost.
        let leading = copy.indices.map { loop in copy[loop].indices.first { !faulted(loop, $0) } ?? copy[loop].count }
        func isFresh(_ loop: Int, _ frame: Int) -> Bool { firstTouchApart && frame < leading[loop] }
        // A player whose every copy is fresh pays, decode by decode, the first touch its trace paid: the allocator
        // maps fresh pages in lumps (a new extent faults many at once), and a player that decodes each frame as
        // the last is shown stalls on the lumps, which a median touch on every decode smooths away.
        func ownTouch(_ loop: Int, _ frame: Int) -> Double {
            allFresh[loop] ? Double(copy[loop][frame] - typical[loop]) : 0
        }
        func copied(_ loop: Int, _ frame: Int) -> Double {
            guard isFresh(loop, frame) else { return Double(copy[loop][frame]) * factors.copy }
            return Double(typical[loop]) * factors.copy + ownTouch(loop, frame)
        }
        func charged(_ loop: Int, _ frame: Int) -> Int {
            Int((Double(lzw[loop][frame]) * factors.lzw + copied(loop, frame)
                 + Double(draw[loop][frame]) * factors.draw).rounded())
        }
        var paced = FrameCostTrace(passes: passes.indices.map { loop in passes[loop].indices.map { charged(loop, $0) } },
                                   allocated: allocated, freed: freed)
        if firstTouchApart, let first = copy.first {
            // Each decode of a player whose every copy is fresh already pays its own.
            let excesses = allFresh[0] ? []
                : first.indices.filter { isFresh(0, $0) }.map { first[$0] - typical[0] }.sorted()
            paced.firstTouch = excesses.isEmpty ? 0 : excesses[excesses.count / 2]
        }
        return paced
    }

    /// The drawing step of each entry of ``passes``: what is left after the LZW decode and the copy, at least 0; nil
    /// when the trace has no steps.
    public var draw: [[Int]]? {
        guard let lzw, let copy, lzw.count == passes.count, copy.count == passes.count else { return nil }
        return passes.indices.map { Self.drawn(whole: passes[$0], lzw: lzw[$0], copy: copy[$0]) }
    }

    /// The drawing step of each paced decode of the probe, likewise; nil without its steps.
    public var pacedDraw: [Int]? {
        guard let paced, let pacedLZW, let pacedCopy else { return nil }
        return Self.drawn(whole: paced, lzw: pacedLZW, copy: pacedCopy)
    }

    /// Each decode's whole cost less its LZW and copy steps, at least 0.
    static func drawn(whole: [Int], lzw: [Int], copy: [Int]) -> [Int] {
        zip(whole, zip(lzw, copy)).map { max(0, $0 - $1.0 - $1.1) }
    }

    /// Seconds the `pass`-th decode of `frame` costs (0 for the first): that loop's figure, or the last loop's for a
    /// pass beyond the trace (every later loop decodes as the last traced one did).
    public func seconds(frame: Int, pass: Int) -> Double {
        guard !passes.isEmpty, frame >= 0, frame < frameCount else { return 0 }
        return Double(passes[min(pass, passes.count - 1)][frame]) / 1e9
    }

    /// The median of several traces of the same GIF, frame by frame and loop by loop, over the loops they all have:
    /// one repetition's slow frame does not make the replay stall.
    public static func median(_ traces: [FrameCostTrace]) -> FrameCostTrace? {
        guard let first = traces.first, first.frameCount > 0, traces.allSatisfy({ $0.frameCount == first.frameCount }) else { return nil }
        let loops = traces.map(\.passes.count).min() ?? 0
        func median(_ table: (FrameCostTrace) -> [[Int]]?) -> [[Int]]? {
            let tables = traces.compactMap(table)
            guard tables.count == traces.count, tables.allSatisfy({ $0.count >= loops }) else { return nil }
            return (0..<loops).map { loop in
                (0..<first.frameCount).map { frame in
                    let values = tables.map { $0[loop][frame] }.sorted()
                    let middle = values.count / 2
                    return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
                }
            }
        }
        // Each step's median apart: a frame's steps may come from different traces, but each is a typical cost.
        return FrameCostTrace(passes: median(\.passes) ?? [], lzw: median(\.lzw), copy: median(\.copy))
    }
}
