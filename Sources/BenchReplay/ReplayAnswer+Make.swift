import BenchPlan
import CaseModel
import FrameDecoders
import GIFCodec

extension ReplayAnswer {
    /// Replays each GIF of `results` played in throughput mode, at each of `speeds`, from the frames' traced costs:
    /// windows 1 up to `largestWindow` until one plays without a stall, eager, and each library's default and every
    /// library setting the run played, sized by `memory`. `containers` holds each GIF by name. Nil when no row
    /// traced its frames. A registered player's rule is found in `players`.
    public static func make(results: [CaseResult], containers: [String: any AnimationContainer], speeds: [Double],
                            memory: MachineMemory, largestWindow: Int = 64, margins: [Double] = [defaultMargin],
                            players: PlayerRegistry = .none) throws(GIFError) -> ReplayAnswer? {
        let traced = results.filter { $0.failure == nil && $0.frameCosts != nil && $0.benchCase.mode == .throughput }
        guard let loops = traced.first?.benchCase.loops else { return nil }
        var answers: [GIFAnswer] = []
        for way in ways(traced) {
            guard let container = containers[way.gif] else { continue }
            let rows = traced.filter { Way($0.benchCase) == way }
            guard let costs = TracedCosts(rows, container: container) else { continue }
            for speed in speeds {
                let replaying = Replaying(way: way, container: container, costs: costs, loops: loops, speed: speed,
                                          players: players)
                answers.append(try replaying.answer(rows: rows, memory: memory, largestWindow: largestWindow,
                                                    margins: margins))
            }
        }
        return answers.isEmpty ? nil : ReplayAnswer(loops: loops, largestWindow: largestWindow, margins: margins,
                                                    answers: answers)
    }

    /// How a GIF was played, less the decoder: the rows one replay's traces come from.
    struct Way: Hashable {
        var gif: String
        var codec: LZWCodec
        var device: String?
        var display: DisplaySize?
        var refreshHz: Double

        init(_ benchCase: BenchCase) {
            gif = benchCase.gif
            codec = benchCase.codec
            device = benchCase.device
            display = benchCase.display
            refreshHz = benchCase.refreshHz
        }
    }

    static func ways(_ rows: [CaseResult]) -> [Way] {
        rows.map { Way($0.benchCase) }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

/// The traces one way of playing a GIF gives: the background decodes' (the windowed decoder's, else a library
/// model's, else the indexed decoder's later passes) and the eager decoder's, each the median over the rows that
/// traced it, and the bytes the rows held besides their pixels.
struct TracedCosts {
    var background: FrameCostTrace
    var backgroundFrom: String
    var eager: FrameCostTrace
    /// The indexed decoder's own trace (its later passes composite from kept indices), when the run played it.
    var indexed: FrameCostTrace?
    /// Median over the background rows of peak allocated less the pixels their decoder's rule holds.
    var bytesBesidesPixels: Double
    var eagerPeak: Double?

    init?(_ rows: [CaseResult], container: any AnimationContainer) {
        func isWindowed(_ row: CaseResult) -> Bool { if case .kind(.windowed, .frames) = row.benchCase.decoder { true } else { false } }
        func isLibrary(_ row: CaseResult) -> Bool { row.benchCase.decoder.isLibrary }
        func isIndexed(_ row: CaseResult) -> Bool { if case .kind(.indexed, .frames) = row.benchCase.decoder { true } else { false } }
        let eagerRows = rows.filter { $0.benchCase.decoder == .eager }
        let tests: [(CaseResult) -> Bool] = [isWindowed, isLibrary, isIndexed]
        var chosen = eagerRows
        for test in tests {
            let matching = rows.filter { test($0) }
            if !matching.isEmpty { chosen = matching; break }
        }
        guard let background = FrameCostTrace.median(chosen.compactMap(\.frameCosts)), background.frameCount == container.frameCount else { return nil }
        self.background = background
        let labels = chosen.map { "\($0.benchCase.decoder)" }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        backgroundFrom = "\(labels.joined(separator: ", ")), \(chosen.count) case\(chosen.count == 1 ? "" : "s")"
        eager = FrameCostTrace.median(eagerRows.compactMap(\.frameCosts)).flatMap { $0.frameCount == container.frameCount ? $0 : nil }
            ?? FrameCostTrace(passes: Array(background.passes.prefix(1)))
        indexed = FrameCostTrace.median(rows.filter(isIndexed).compactMap(\.frameCosts)).flatMap { $0.frameCount == container.frameCount ? $0 : nil }
        bytesBesidesPixels = Statistics.median(chosen.map { max(0, $0[.jemallocAllocatedPeak] - $0[.frameBytesTheoretical]) })
        eagerPeak = eagerRows.isEmpty ? nil : Statistics.median(eagerRows.map { $0[.jemallocAllocatedPeak] })
        backgroundRows = chosen.compactMap(\.frameCosts).filter { $0.frameCount == container.frameCount }
        var own: [DecoderChoice: FrameCostTrace] = [:]
        var ownRows: [DecoderChoice: [FrameCostTrace]] = [:]
        for decoder in Set(rows.map(\.benchCase.decoder)) where decoder != .eager {
            let traces = rows.filter { $0.benchCase.decoder == decoder }.compactMap(\.frameCosts)
            if let trace = FrameCostTrace.median(traces), trace.frameCount == container.frameCount {
                own[decoder] = trace
                ownRows[decoder] = traces.filter { $0.frameCount == container.frameCount }
            }
        }
        self.own = own
        self.ownRows = ownRows
        pacing = PacingFactors.measure(probes: rows.compactMap(\.frameCosts), against: background)
        let upFront = eagerRows.compactMap(\.frameCosts).map { $0.passes.first?.reduce(0, +) ?? 0 }
        eagerUpFrontSpread = upFront.isEmpty ? nil : [Double(upFront.min() ?? 0) / 1e9,
                                                      Double(upFront.max() ?? 0) / 1e9]
    }

    /// The fastest and slowest of the eager rows' up-front decodes, in seconds.
    var eagerUpFrontSpread: [Double]?
    /// What pacing costs each step of a background decode over the background trace, from every row's probe; nil
    /// when none probed it.
    var pacing: PacingFactors?
    /// Each background setting the run played, its own trace (the median over its rows): a library's player decodes
    /// each frame into a fresh buffer, which costs more than a window's recycled slot.
    var own: [DecoderChoice: FrameCostTrace]
    /// The rows behind ``background`` and behind each of ``own``, each its own trace: a margin asks each as a play of
    /// its own (``Replaying/playsSmoothly(_:slowedBy:)``).
    var backgroundRows: [FrameCostTrace]
    var ownRows: [DecoderChoice: [FrameCostTrace]]
}

/// One way of playing one GIF at one speed, replayed setting by setting.
struct Replaying {
    let way: ReplayAnswer.Way
    let container: any AnimationContainer
    let costs: TracedCosts
    let loops: Int
    let speed: Double
    let players: PlayerRegistry

    func answer(rows: [CaseResult], memory: MachineMemory, largestWindow: Int,
                margins: [Double]) throws(GIFError) -> GIFAnswer {
        let eager = try setting(.eager, label: "eager", setting: "eager")
        let windowCap = max(1, min(largestWindow, container.frameCount))
        // The search stops at the first window without a stall: every window below it stalls at 1×.
        var windows: [ReplayedSetting] = []
        for window in 1...windowCap {
            let replayed = try setting(.windowed(.frames(window)), label: "windowed w=\(window)",
                                       setting: "--windows \(window)")
            windows.append(replayed)
            if replayed.outcome.stalls == 0 { break }
        }
        let smallest = windows.last.flatMap { $0.outcome.stalls == 0 ? $0 : nil }
        var atMargins: [MarginWindow] = []
        for slowdown in margins {
            var found: ReplayedSetting?
            // Every window from 1 up, so each window below the one named stalls at this slowdown.
            for window in 1...windowCap {
                guard try playsSmoothly(.windowed(.frames(window)), slowedBy: slowdown) else { continue }
                if let tried = windows.first(where: { $0.setting == "--windows \(window)" }) {
                    found = tried
                } else {
                    found = try setting(.windowed(.frames(window)), label: "windowed w=\(window)",
                                        setting: "--windows \(window)")
                }
                break
            }
            atMargins.append(MarginWindow(slowdown: slowdown, smallestWindow: found))
        }
        // A library whose player cannot play this format (FLAnimatedImage on a WebP) gives no verdict on it.
        var libraryPlayers: [(DecoderChoice, String)] = DecoderSetting.libraryDefaults.map { policy in
            (policy.decoder(frameBytes: container.frameBytes, frameCount: container.frameCount, memory: memory),
             policy.description)
        }.filter { $0.0.refusal(for: container.format) == nil }
        for row in rows {
            guard row.benchCase.decoder.isLibrary,
                  !libraryPlayers.contains(where: { $0.0 == row.benchCase.decoder }) else { continue }
            libraryPlayers.append((row.benchCase.decoder, row.benchCase.policy))
        }
        var libraries: [ReplayedSetting] = []
        for (decoder, policy) in libraryPlayers { libraries.append(try setting(decoder, label: label(decoder), setting: policy)) }
        var measured: [ReplayedSetting] = []
        var seen: [DecoderChoice] = []
        for row in rows where !seen.contains(row.benchCase.decoder) {
            seen.append(row.benchCase.decoder)
            if Replay.canPlay(row.benchCase.decoder, players: players) {
                measured.append(try setting(row.benchCase.decoder, label: label(row.benchCase.decoder),
                                            setting: row.benchCase.policy))
            }
        }
        return GIFAnswer(gif: way.gif, speed: speed, refreshHz: way.refreshHz, codec: way.codec, device: way.device,
                         display: way.display, tracedFrom: costs.backgroundFrom, eager: eager, smallestWindow: smallest,
                         windows: windows, atMargins: atMargins, pacingFactor: costs.pacing?.whole,
                         pacingByStep: costs.pacing,
                         eagerUpFrontSpread: costs.eagerUpFrontSpread,
                         libraries: libraries, measured: measured)
    }

    /// As the tables name a setting: a library's player by its rule for this GIF ("sdwebimage: a pool of 2,437
    /// frames: all 150"), a decoder of this package by its kind and window.
    func label(_ decoder: DecoderChoice) -> String {
        decoder.libraryLabel(frames: container.frameCount) ?? "\(decoder)"
    }

    /// The trace `decoder` replays, the rows it is the median of, and what pacing costs its steps: eager's own, decoded
    /// back to back before the first frame, as traced; a library's player the run played, its own trace (a fresh
    /// buffer a frame); the indexed decoder, its kind's; any other, the background decodes' (every window's rows
    /// pooled: one decode path), each at its paced cost (``TracedCosts/pacing``), as playback paces them. The rows
    /// are those a margin asks one by one (``playsSmoothly(_:slowedBy:)``): none for eager and the indexed decoder,
    /// whose median trace stands.
    func trace(for decoder: DecoderChoice) -> (trace: FrameCostTrace, rows: [FrameCostTrace], pacing: PacingFactors?) {
        if decoder == .eager { return (costs.eager, [], nil) }
        if decoder.isLibrary, let own = costs.own[decoder] { return (own, costs.ownRows[decoder] ?? [], costs.pacing) }
        if decoder.isIndexed { return (costs.indexed ?? costs.background, [], costs.pacing) }
        return (costs.background, costs.backgroundRows, costs.pacing)
    }

    /// `decoder` replayed for `loops` loops with every traced decode `slowdown` times as costly besides its pacing,
    /// the trace scaled once: its median trace, or `row`, one row of it; nil for a decoder a replay cannot play.
    /// `askingOnlyIfSmooth` as ``Replay/play``'s.
    func replay(_ decoder: DecoderChoice, loops: Int, slowedBy slowdown: Double = 1, askingOnlyIfSmooth: Bool = false,
                row: FrameCostTrace? = nil) throws(GIFError) -> ReplayOutcome? {
        let (median, _, pacing) = trace(for: decoder)
        let traced = row ?? median
        // A library's player: its fresh buffers' first touches apart, beside a copy into the windows' recycled pool.
        let paced = pacing.map {
            traced.paced(by: $0, firstTouchApart: decoder.isLibrary, reusedCopy: costs.background.typicalCopy)
        } ?? traced
        return try Replay.play(decoder, container: container, trace: slowdown == 1 ? paced : paced.scaled(by: slowdown),
                               loops: loops, speed: speed, refreshHz: way.refreshHz, players: players,
                               askingOnlyIfSmooth: askingOnlyIfSmooth)
    }

    /// Whether `decoder` plays the run's loops without a stall or a dropped frame with its decodes `slowdown` times
    /// slower: at least half its rows do, each replayed as a play of its own (its median trace when it has one row or
    /// none). A real play stalls on the dearest of its own decodes, and a setting that decodes each frame as the last
    /// is shown has many frames about as tight: a trace taken frame by frame as the median of several has no such
    /// dearest frame, so its margin read above what plays reach (SDWebImage's pool, each validation's `thresholds.md`
    /// under `Reports/margin-validation/`). At least half the rows is the median of the rows' margins.
    func playsSmoothly(_ decoder: DecoderChoice, slowedBy slowdown: Double) throws(GIFError) -> Bool {
        let rows = trace(for: decoder).rows
        guard rows.count > 1 else {
            return try replay(decoder, loops: loops, slowedBy: slowdown,
                              askingOnlyIfSmooth: true)?.playsSmoothly ?? false
        }
        var (smooth, rough) = (0, 0)
        for row in rows {
            let plays = try replay(decoder, loops: loops, slowedBy: slowdown, askingOnlyIfSmooth: true,
                                   row: row)?.playsSmoothly ?? false
            if plays { smooth += 1 } else { rough += 1 }
            if 2 * smooth >= rows.count { return true }
            if 2 * rough > rows.count { return false }
        }
        return false
    }

    /// `decoder` replayed, with its memory estimated, its decoding CPU split into one-time and steady, and its margin
    /// to a stall.
    func setting(_ decoder: DecoderChoice, label: String, setting: String) throws(GIFError) -> ReplayedSetting {
        guard let outcome = try replay(decoder, loops: loops), let further = try replay(decoder, loops: loops + 1) else {
            let none = ReplayOutcome(stalls: 0, droppedFrames: 0, latenessSeconds: 0, heldFramesMax: 0, decodes: 0,
                                     decodeSeconds: 0, firstFrameSeconds: 0, animationSeconds: 0)
            return ReplayedSetting(label: label, setting: setting, outcome: none,
                                   peakAllocatedBytes: peak(decoder, none))
        }
        // One loop more than the run's costs what a steady loop costs; what the run's loops cost beyond that many
        // steady loops was paid once.
        let steady = max(0, further.decodeSeconds - outcome.decodeSeconds)
        // At 1× the search's first question is the run's own replay, answered already.
        let margin = try StallMargin.find { (slowdown: Double) throws(GIFError) -> Bool in
            slowdown == 1 ? outcome.playsSmoothly : try playsSmoothly(decoder, slowedBy: slowdown)
        }
        return ReplayedSetting(label: label, setting: setting, outcome: outcome,
                               peakAllocatedBytes: peak(decoder, outcome),
                               ownCosts: decoder == .eager || costs.own[decoder] != nil, margin: margin,
                               oneTimeSeconds: max(0, outcome.decodeSeconds - Double(loops) * steady),
                               steadyPerLoopSeconds: steady,
                               loopSeconds: further.animationSeconds - outcome.animationSeconds)
    }

    /// The bytes besides pixels the traced rows held, and the pixels `decoder` holds: a window's fixed pool, or the
    /// most frames a library's player held in the replay; eager's measured peak when the run played eager.
    func peak(_ decoder: DecoderChoice, _ outcome: ReplayOutcome) -> Double {
        switch decoder {
        case .kind(let kind, let window) where kind.takesWindow:
            // The kind's own rule: a window's pool and canvas, and for the indexed decoder every frame's indices too.
            return costs.bytesBesidesPixels + Double(kind.theoreticalBytes(window: window, container: container,
                                                                         display: way.display))
        case .kind:
            return costs.eagerPeak ?? costs.bytesBesidesPixels + Double(EagerDecoder.pixelBytes(container: container,
                                                                                                display: way.display))
        default:
            return costs.bytesBesidesPixels + Double(container.pixelBytes(holdingFrames: outcome.heldFramesMax,
                                                                          display: decoder.heldDisplay(way.display)))
        }
    }
}

extension DecoderChoice {
    var isIndexed: Bool { if case .kind(.indexed, _) = self { true } else { false } }
}
