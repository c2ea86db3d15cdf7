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
                            memory: MachineMemory, largestWindow: Int = 64,
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
                answers.append(try replaying.answer(rows: rows, memory: memory, largestWindow: largestWindow))
            }
        }
        return answers.isEmpty ? nil : ReplayAnswer(loops: loops, largestWindow: largestWindow, answers: answers)
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
    }
}

/// One way of playing one GIF at one speed, replayed setting by setting.
struct Replaying {
    let way: ReplayAnswer.Way
    let container: any AnimationContainer
    let costs: TracedCosts
    let loops: Int
    let speed: Double
    let players: PlayerRegistry

    func answer(rows: [CaseResult], memory: MachineMemory, largestWindow: Int) throws(GIFError) -> GIFAnswer {
        let eager = try setting(.eager, label: "eager", setting: "eager")
        var smallest: ReplayedSetting?
        for window in 1...max(1, min(largestWindow, container.frameCount)) {
            let replayed = try setting(.windowed(.frames(window)), label: "windowed w=\(window)",
                                       setting: "--windows \(window)")
            if replayed.outcome.stalls == 0 { smallest = replayed; break }
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
        for (decoder, policy) in libraryPlayers { libraries.append(try setting(decoder, label: "\(decoder)", setting: policy)) }
        var measured: [ReplayedSetting] = []
        var seen: [DecoderChoice] = []
        for row in rows where !seen.contains(row.benchCase.decoder) {
            seen.append(row.benchCase.decoder)
            if Replay.canPlay(row.benchCase.decoder, players: players) {
                measured.append(try setting(row.benchCase.decoder, label: "\(row.benchCase.decoder)",
                                            setting: row.benchCase.policy))
            }
        }
        return GIFAnswer(gif: way.gif, speed: speed, refreshHz: way.refreshHz, codec: way.codec, device: way.device,
                         display: way.display, tracedFrom: costs.backgroundFrom, eager: eager, smallestWindow: smallest,
                         libraries: libraries, measured: measured)
    }

    /// `decoder` replayed, with its memory estimated and its CPU per loop.
    func setting(_ decoder: DecoderChoice, label: String, setting: String) throws(GIFError) -> ReplayedSetting {
        let trace = decoder == .eager ? costs.eager : decoder.isIndexed ? costs.indexed ?? costs.background : costs.background
        let outcome = try Replay.play(decoder, container: container, trace: trace, loops: loops, speed: speed,
                                      refreshHz: way.refreshHz, players: players)
            ?? ReplayOutcome(stalls: 0, droppedFrames: 0, latenessSeconds: 0, heldFramesMax: 0, decodes: 0,
                             decodeSeconds: 0, firstFrameSeconds: 0, animationSeconds: 0)
        return ReplayedSetting(label: label, setting: setting, outcome: outcome,
                               peakAllocatedBytes: peak(decoder, outcome),
                               cpuPerLoopSeconds: outcome.decodeSeconds / Double(max(loops, 1)))
    }

    /// The bytes besides pixels the traced rows held, and the pixels `decoder` holds: a window's fixed pool, or the
    /// most frames a library's player held in the replay; eager's measured peak when the run played eager.
    func peak(_ decoder: DecoderChoice, _ outcome: ReplayOutcome) -> Double {
        switch decoder {
        case .kind(let kind, let window) where kind.takesWindow:
            return costs.bytesBesidesPixels + Double(WindowedDecoder.pixelBytes(window: window, container: container,
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
