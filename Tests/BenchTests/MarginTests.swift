import BenchCore
import BenchPlan
import BenchReplay
import BenchRunning
import CaseModel
import FrameDecoders
import Foundation
import GIFCodec
import GIFCorpus
import Testing

/// The answer's figures, each checked against the replay it came from: the smallest window is the smallest, a margin
/// is where the scaled replay turns rough, a peak holds every held frame's pixels, and a setting's CPU is split into
/// what it pays once and what each loop costs, not divided by the loops.
@Suite struct MarginTests {
    /// One run of a GIF whose window 1 stalls 300× slower (it is smooth up to about 160–190× slower), its replay kept with
    /// its traces.
    static let run: (report: RunReport, container: GIFContainer)? = {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-margin-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        guard let run = try? BenchProgram.run(["run", "--gif", "short-320x240x100", "--decoders", "windowed",
                                               "--windows", "1", "--loops", "3", "--repetitions", "1", "--warmup", "0",
                                               "--margin", "4,300", "--out", out]),
              run.status == 0, let report = try? BenchProgram.report(in: out),
              let spec = SyntheticCorpus.spec(named: "short-320x240x100"),
              let container = try? GIFContainer(bytes: GIFBytes(SyntheticCorpus.gif(for: spec)))
        else { return nil }
        return (report, container)
    }()

    /// The GIF's answer, the trace its background settings replay (the windowed row's, as traced: the replay charges
    /// each step at its paced cost, ``pacing()``) and the GIF.
    static func answer() throws -> (GIFAnswer, FrameCostTrace, GIFContainer) {
        let (report, container) = try #require(run)
        let answer = try #require(report.replay?.answers.first)
        let windowed = try #require(report.results.first { $0.benchCase.decoder == .windowed(.frames(1)) })
        let trace = try #require(windowed.frameCosts)
        let factors = try #require(answer.pacingByStep, "the windowed case probed what pacing costs")
        #expect(factors == PacingFactors.measure(probes: [trace], against: trace))
        #expect([factors.lzw, factors.draw, factors.copy, factors.whole].allSatisfy { $0 >= 1 })
        #expect(answer.pacingFactor == factors.whole)
        return (answer, trace, container)
    }

    /// What the replay charges each step of a traced decode over its traced cost: the GIF's pacing factors.
    static func pacing() throws -> PacingFactors {
        let (report, _) = try #require(run)
        return try #require(report.replay?.answers.first?.pacingByStep)
    }

    static func answerLargestWindow() throws -> Int? {
        let (report, container) = try #require(run)
        return report.replay.map { min($0.largestWindow, container.frameCount) }
    }

    /// Whether `decoder` replays the run's 3 loops smoothly with every traced cost `slowdown` times as costly besides
    /// its pacing, scaled once as the answer's replay scales it.
    static func smooth(_ decoder: DecoderChoice, _ trace: FrameCostTrace, _ container: GIFContainer,
                       slowedBy slowdown: Double) throws -> Bool {
        let scaled = trace.paced(by: try pacing()).scaled(by: slowdown)
        return try #require(try Replay.play(decoder, container: container, trace: scaled, loops: 3)).playsSmoothly
    }

    /// The window named at 1× and at each margin is the first that plays smoothly so: the one below it stalls in
    /// the replay at that slowdown.
    @Test("the window named at 1× and at each margin is the smallest: the one below it stalls in the replay")
    func namedWindowIsTheSmallest() throws {
        let (answer, trace, container) = try Self.answer()
        let named = [(1.0, answer.smallestWindow)] + (answer.atMargins ?? []).map { ($0.slowdown, $0.smallestWindow) }
        #expect(named.count == 3)
        for (slowdown, setting) in named {
            guard let label = setting?.label else {
                // None named: not even the largest window tried plays smoothly so.
                let largest = try #require(try Self.answerLargestWindow())
                #expect(try !Self.smooth(.windowed(.frames(largest)), trace, container, slowedBy: slowdown))
                continue
            }
            let window = try #require(Int(label.split(separator: "=").last ?? ""))
            #expect(try Self.smooth(.windowed(.frames(window)), trace, container, slowedBy: slowdown), "\(label)")
            if window > 1 {
                #expect(try !Self.smooth(.windowed(.frames(window - 1)), trace, container, slowedBy: slowdown),
                        "w=\(window - 1) is smooth \(slowdown)× slower, yet w=\(window) was named")
            }
        }
        #expect(answer.atMargins?.last?.smallestWindow?.label != "windowed w=1", "300× slower needs more than window 1")
    }

    /// Each margin's bounds hold in the replay with every cost scaled: smooth at its lower bound, rough at its upper,
    /// and the two within the stated resolution. Eager, which decodes every frame first, has no upper bound.
    @Test("a margin's bounds are where the replay with every cost scaled turns from smooth to rough")
    func marginsAreWhereTheScaledReplayTurns() throws {
        let (answer, trace, container) = try Self.answer()
        let window = try #require(answer.windows?.first)
        let margin = try #require(window.margin)
        let smooth = try #require(margin.smoothUpTo), rough = try #require(margin.roughFrom, "window 1 stalls somewhere")
        #expect(rough / smooth <= StallMargin.resolution * (1 + 1e-9))
        #expect(try Self.smooth(.windowed(.frames(1)), trace, container, slowedBy: smooth))
        #expect(try !Self.smooth(.windowed(.frames(1)), trace, container, slowedBy: rough))
        #expect(answer.eager.margin?.isUnbounded == true, "eager cannot stall once its frames are decoded")
    }

    /// A margin is the median of the rows' own, each row replayed as a play of its own: one row's dear decode does
    /// not move it, but a dear decode in most rows does, though each at another frame, which a trace taken frame by
    /// frame as the median of the rows would smooth away.
    @Test("a margin is where most rows, each replayed alone, turn rough: a dear decode in most rows lowers it")
    func marginIsTheRowsMedian() throws {
        let (report, container) = try #require(Self.run)
        let row = try #require(report.results.first { $0.benchCase.decoder == .windowed(.frames(1)) })
        func margin(dearDecodeIn dear: [Int]) throws -> Double {
            let rows = (0..<3).map { index in
                var copy = row
                copy.benchCase.repetition = index + 1
                if let order = dear.firstIndex(of: index), var costs = copy.frameCosts {
                    // Eight times the loop's dearest decode, at another frame in each row: frame by frame, the
                    // median of the rows is untouched.
                    costs.passes[0][30 + 30 * order] = 8 * (costs.passes[0].max() ?? 0)
                    copy.frameCosts = costs
                }
                return copy
            }
            let made = try ReplayAnswer.make(results: rows, containers: [row.benchCase.gif: container], speeds: [1],
                                             memory: .current())
            return try #require(made?.answers.first?.measured.first?.margin?.smoothUpTo)
        }
        let plain = try margin(dearDecodeIn: [])
        #expect(try margin(dearDecodeIn: [0]) == plain, "one row's dear decode is its own")
        let most = try margin(dearDecodeIn: [0, 1])
        #expect(most < 0.9 * plain, "a dear decode in two rows of three: \(most)× against \(plain)×")
    }

    /// Bisection finds a threshold to within its resolution, from above 1 and below it, and says when none is found.
    @Test("bisection finds a threshold to within its resolution, above 1 and below, or says there is none")
    func bisectionFindsTheThreshold() {
        for threshold in [37.5, 0.2, 1.0] {
            var replays = 0
            let margin = StallMargin.find { replays += 1; return $0 <= threshold }
            #expect(replays <= 10, "at most ten replays")
            #expect(margin.smoothUpTo! <= threshold && margin.roughFrom! > threshold)
            #expect(margin.roughFrom! / margin.smoothUpTo! <= StallMargin.resolution)
        }
        #expect(StallMargin.find { _ in true }.isUnbounded)
        #expect(StallMargin.find { _ in false }.smoothUpTo == nil)
    }

    /// A replayed peak is the bytes besides pixels plus the pixels each player held: between two settings of the same
    /// GIF it differs by their held frames' pixels, and no more.
    @Test("a replayed peak holds the pixels of every frame the player held")
    func peaksHoldEveryHeldFrame() throws {
        let (answer, _, container) = try Self.answer()
        let window = try #require(answer.windows?.first)
        let besides = window.peakAllocatedBytes - Double(WindowedDecoder.pixelBytes(window: .frames(1),
                                                                                    container: container))
        #expect(answer.libraries.count >= 3)
        for library in answer.libraries {
            let pixels = Double(container.pixelBytes(holdingFrames: library.outcome.heldFramesMax, display: nil))
            #expect(library.outcome.heldFramesMax > 0)
            #expect(abs(library.peakAllocatedBytes - (besides + pixels)) < 1, "\(library.label)")
        }
    }

    /// A setting the run played replays its own decodes' costs; a library it did not play borrows the window's, and
    /// says so.
    @Test("a setting the run played replays its own costs; one it did not is marked as borrowing them")
    func borrowedCostsAreMarked() throws {
        let (answer, _, _) = try Self.answer()
        #expect(answer.windows?.first?.ownCosts == true && answer.eager.ownCosts == true)
        #expect(!answer.libraries.isEmpty && answer.libraries.allSatisfy { $0.ownCosts == false })
    }

    /// One loop more than the run's costs what a steady loop costs: for window 1, which decodes every frame once a loop,
    /// the last traced pass; what the run's loops cost beyond that is one-time. Eager pays everything once.
    @Test("steady CPU is one loop more than the run's, one-time the rest: not a per-loop average")
    func costsAreOneTimeAndSteadyNotPerLoopAverages() throws {
        let (answer, trace, container) = try Self.answer()
        let window = try #require(answer.windows?.first)
        let lastPass = Double(try #require(trace.paced(by: try Self.pacing()).passes.last).reduce(0, +)) / 1e9
        let steady = try #require(window.steadyPerLoopSeconds)
        #expect(abs(steady - lastPass) < 1e-6, "steady \(steady) s, the last traced pass \(lastPass) s")
        let oneTime = try #require(window.oneTimeSeconds)
        #expect(abs(oneTime - max(0, window.outcome.decodeSeconds - 3 * steady)) < 1e-9)
        #expect(answer.eager.steadyPerLoopSeconds == 0)
        #expect(abs((answer.eager.oneTimeSeconds ?? 0) - answer.eager.outcome.decodeSeconds) < 1e-9)
        let loop = container.delays.reduce(0) { $0 + $1.effectiveSeconds }
        #expect(abs((window.loopSeconds ?? 0) - loop) < 1e-6, "one loop lasts the GIF's delays")
    }

    /// The player's playing-thread CPU leaves out the samples the sampler took on it: they are the sampler's, and the
    /// three threads add up to the whole once.
    @Test("the sampler's samples on the playing thread count once, as the sampler's")
    func samplesOnThePlayingThreadCountOnce() {
        let start = ThreadCPU(playing: 1, decoding: 0, sampler: 0, samplerOnPlayingThread: 0)
        let end = ThreadCPU(playing: 3, decoding: 2, sampler: 0.5, samplerOnPlayingThread: 0.4)
        var result = CaseResult(benchCase: BenchCase(gif: "a", path: "/a.gif", decoder: .eager, loops: 1))
        end.record(since: start, into: &result)
        #expect(abs(result[.cpuPlayingThread] - 1.6) < 1e-12, "2 s on the playing thread, 0.4 s of it sampling")
        // The threads' clocks moved by 2 + 2 + 0.1 s (the sampler's own thread): the figures add up to that.
        let sum = result[.cpuPlayingThread] + result[.cpuDecodingThread] + result[.cpuSampler]
        #expect(abs(sum - 4.1) < 1e-12)
    }

    /// `--decode-slowdown 4` stretches every decode to four times what it cost before the spin: each traced decode is
    /// at least four times its LZW and copy steps, which the spin does not touch. A decode the host held up, above
    /// ``DecodeStretch/hiccupRatio`` times the recent ones, is stretched only to that bound: on a busy machine one in
    /// ten may be.
    @Test("--decode-slowdown stretches every decode to that many times its steps, and no baseline takes it")
    func decodeSlowdownStretchesEveryDecode() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-slow-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProgram.run(["run", "--gif", "sticker-240x240x60", "--decoders", "windowed", "--windows", "2",
                                        "--policies", "kingfisher", "--no-references", "--loops", "1",
                                        "--repetitions", "1", "--warmup", "0", "--decode-slowdown", "4", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(report.results.count == 2)
        for row in report.results {
            #expect(row.benchCase.identity.planted.decodeSlowdown == 4)
            let trace = try #require(row.frameCosts)
            let lzw = try #require(trace.lzw), copy = try #require(trace.copy)
            var (stretched, decodes) = (0, 0)
            for (pass, costs) in trace.passes.enumerated() {
                for (frame, cost) in costs.enumerated() {
                    decodes += 1
                    if cost >= 4 * (lzw[pass][frame] + copy[pass][frame]) - 4 { stretched += 1 }
                }
            }
            #expect(decodes > 0 && 10 * stretched >= 9 * decodes,
                    "\(row.benchCase.decoder): \(stretched) of \(decodes) decodes stretched four times")
        }
        let refused = try BenchProgram.run(["run", "--gif", "sticker-240x240x60", "--decode-slowdown", "2",
                                            "--save-baseline", out + "/b.json", "--out", out + "/x"])
        #expect(refused.status == 2 && refused.errors.contains("--decode-slowdown"))
    }

    /// `--decode-slowdown` stretches a decode's work, not a host's hold-up: a decode far above the recent ones of its
    /// kind is stretched as its bound; decodes that took a page fault are set beside each other, not beside the rest.
    @Test("a stretched decode takes X times its cost, but a hold-up far above the recent decodes is not stretched")
    func stretchLeavesHoldUpsAlone() {
        var stretch = DecodeStretch(factor: 10)
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.001, faulted: false) - 0.009) < 1e-12, "the first, whole")
        for _ in 0..<5 { _ = stretch.spinSeconds(afterDecodeOf: 0.001, faulted: false) }
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.003, faulted: false) - 0.027) < 1e-12, "3× the median: work")
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.02, faulted: false) - 0.036) < 1e-12,
                "20× the median: stretched as 4× the median")
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.02, faulted: true) - 0.18) < 1e-12,
                "the first decode that faulted, a first touch: whole, not set beside the cheaper ones")
        for _ in 0..<3 { _ = stretch.spinSeconds(afterDecodeOf: 0.02, faulted: true) }
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.06, faulted: true) - 0.54) < 1e-12, "3× its kind: work")
        #expect(abs(stretch.spinSeconds(afterDecodeOf: 0.5, faulted: true) - 0.72) < 1e-12,
                "25× its kind: stretched as 4× its median, 80 ms")
        var none = DecodeStretch(factor: 1)
        #expect(none.spinSeconds(afterDecodeOf: 0.02, faulted: false) == 0)
    }

    /// SDWebImage's pool fills a fresh buffer for every frame, so its trace has no typical copy of its own that is not
    /// a first touch: the answer replays it taken apart beside the windowed row's typical copy, a recycled buffer's.
    @Test("a pool's fresh copies are told apart beside the windows' recycled copy")
    func poolCopiesAreFirstTouchesBesideTheWindows() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-pool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProgram.run(["run", "--gif", "short-320x240x100", "--policies", "windowed:1,sdwebimage",
                                        "--no-references", "--loops", "1", "--repetitions", "1", "--warmup", "0",
                                        "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        let answer = try #require(report.replay?.answers.first)
        let factors = try #require(answer.pacingByStep)
        let windowed = try #require(report.results.first { $0.benchCase.decoder == .windowed(.frames(1)) }?.frameCosts)
        let row = try #require(report.results.first { $0.benchCase.decoder.isLibrary })
        let pool = try #require(answer.measured.first { $0.label.hasPrefix("sdwebimage") })
        let trace = try #require(row.frameCosts)
        let container = try #require(Self.run?.container)
        func replayed(_ paced: FrameCostTrace) throws -> Double {
            try #require(try Replay.play(row.benchCase.decoder, container: container, trace: paced, loops: 1))
                .decodeSeconds
        }
        let apart = try replayed(trace.paced(by: factors, firstTouchApart: true, reusedCopy: windowed.typicalCopy))
        let alone = try replayed(trace.paced(by: factors, firstTouchApart: true))
        #expect(abs(pool.outcome.decodeSeconds - apart) < 1e-9, "the pool cost \(pool.outcome.decodeSeconds) s")
        #expect(apart < alone, "every copy faulted: taken apart, not paced")
    }
}
