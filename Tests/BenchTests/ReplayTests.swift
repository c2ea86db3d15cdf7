import BenchCore
import Playback
import BenchReplay
import CaseModel
import FrameDecoders
import Foundation
import GIFCodec
import GIFCorpus
import Testing
import PlayerModels

/// The replay: settings played on a virtual clock from traced frame costs, through the real-time player. Each
/// schedule here is worked out by hand from the costs and the GIF's delays (10 frames of 100 ms, a 60 Hz link).
@Suite struct ReplayTests {
    static let gif: GIFContainer = {
        let spec = SyntheticSpec(name: "replay-16x16x10", width: 16, height: 16, frameCount: 10, delayCentiseconds: 10, scene: .plasma)
        return try! GIFContainer(bytes: GIFBytes(SyntheticCorpus.gif(for: spec)))
    }()

    /// Every decode of every frame costs `seconds`, for `loops` loops.
    static func trace(_ seconds: Double, loops: Int = 1) -> FrameCostTrace {
        FrameCostTrace(seconds: Array(repeating: seconds, count: gif.frameCount * loops), frameCount: gif.frameCount)
    }

    /// Decodes of 50 ms keep up with frames of 100 ms: window 1 plays without a stall, frame 0 shown when its decode
    /// ends, and each frame decoded once a loop.
    @Test func fastDecodesNeverStall() throws {
        let outcome = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: Self.trace(0.05), loops: 2))
        #expect(outcome.stalls == 0 && outcome.droppedFrames == 0)
        #expect(abs(outcome.firstFrameSeconds - 0.05) < 1e-9)
        #expect(outcome.animationSeconds > 1.99 && outcome.animationSeconds < 2.01)
        // 20 frames shown and the window's one ahead decoded: 21 decodes of 50 ms.
        #expect(outcome.decodes == 21)
        #expect(abs(outcome.decodeSeconds - 21 * 0.05) < 1e-9)
        // The frame shown is lent for the draw and its slot recycled at once: one decoded frame waits at a time.
        #expect(outcome.heldFramesMax == 1)
    }

    /// Decodes of 150 ms cannot keep up with frames of 100 ms: the windowed decoder, which waits, stalls at every frame
    /// after the first (its decode starts only when the frame before it is taken); it drops none.
    @Test func slowDecodesStallEveryFrame() throws {
        let outcome = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: Self.trace(0.15)))
        #expect(outcome.stalls == 9)
        #expect(outcome.droppedFrames == 0)
        // Each wait is the 50 ms the decode overran, rounded up to the next tick of the 60 Hz link.
        #expect(outcome.latenessSeconds > 9 * 0.05 - 1e-9 && outcome.latenessSeconds < 9 * (0.05 + 1.0 / 60) + 1e-9)
    }

    /// A replay asking only whether a setting plays smoothly gives the full replay's verdict, and stops at the first
    /// stall: window 1 at 150 ms a decode stalls at frame 1, so it decodes frames 0 to 2 and no more.
    @Test("a replay asking only whether it is smooth gives the same verdict and stops at the first stall")
    func verdictOnlyReplayStopsAtTheFirstStall() throws {
        for seconds in [0.05, 0.15] {
            let full = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: Self.trace(seconds)))
            let asked = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif,
                                                     trace: Self.trace(seconds), askingOnlyIfSmooth: true))
            #expect(asked.playsSmoothly == full.playsSmoothly)
        }
        let asked = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: Self.trace(0.15),
                                                 askingOnlyIfSmooth: true))
        #expect(asked.stalls == 1 && asked.decodes <= 3 && (asked.heldFrames ?? []).isEmpty)
    }

    /// A larger window hides a slow frame behind fast ones: frame 5 costs 250 ms, the others 10 ms. Window 1 starts
    /// frame 5 only when frame 4 is taken, 100 ms before it is due; window 3 starts it when frame 2 is, 300 ms before.
    @Test func windowHidesASlowFrameBehindFastOnes() throws {
        var costs = Array(repeating: 0.01, count: Self.gif.frameCount)
        costs[5] = 0.25
        let trace = FrameCostTrace(seconds: costs, frameCount: Self.gif.frameCount)
        let narrow = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: trace))
        let wide = try #require(try Replay.play(.windowed(.frames(3)), container: Self.gif, trace: trace))
        #expect(narrow.stalls == 1, "window 1 decodes frame 5 only once frame 4 is shown: 250 ms for a frame due in 100")
        #expect(wide.stalls == 0, "window 3 starts frame 5 while frame 2 shows: 300 ms before it is due")
    }

    /// A player that does not wait (Kingfisher) drops the frames whose decode is late and never stalls; one that waits
    /// (FLAnimatedImage with a cache of one frame) stalls and drops none.
    @Test func missBehaviourDecidesStallOrDrop() throws {
        let kingfisher = try #require(try Replay.play(.kingfisher(KingfisherSettings(framePreloadCount: 1)),
                                                     container: Self.gif, trace: Self.trace(0.15)))
        // Each decode (150 ms) ends after its frame is due (100 ms apart): frames 1–9 are dropped. The rule still sees
        // each dropped frame come due, frees the one before and asks for the next, so the queue never idles: frame k's
        // decode starts at 0.15k s, and by the last frame's tick (1.05 s) frames 0–7 have been started.
        #expect(kingfisher.stalls == 0)
        #expect(kingfisher.droppedFrames == 9)
        #expect(kingfisher.decodes == 8)
        let flanimated = try #require(try Replay.play(.flanimatedimage(cacheSize: 1), container: Self.gif, trace: Self.trace(0.15)))
        #expect(flanimated.stalls > 0)
        #expect(flanimated.droppedFrames == 0)
    }

    /// Memory over time: a player whose pool holds the whole GIF fills it as playback goes, one frame at a time, and
    /// keeps it; the timeline starts at frame 0 and its top is the replay's most frames held. A window's count stays
    /// within its bound throughout.
    @Test func heldFramesOverTime() throws {
        let kingfisher = try #require(try Replay.play(.kingfisher(KingfisherSettings(framePreloadCount: 3)),
                                                     container: Self.gif, trace: Self.trace(0.01), loops: 2))
        let samples = try #require(kingfisher.heldFrames)
        #expect(samples.first?.seconds == 0)
        #expect(samples.map(\.frames).max() == kingfisher.heldFramesMax)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.seconds < $1.seconds && $0.frames != $1.frames }, "one sample per change, in time order")
        let eager = try #require(try Replay.play(.eager, container: Self.gif, trace: Self.trace(0.01)))
        #expect(eager.heldFrames == [HeldFramesSample(seconds: 0, frames: 10)], "eager holds every frame from the start, and no change follows")
        let window = try #require(try Replay.play(.windowed(.frames(3)), container: Self.gif, trace: Self.trace(0.01), loops: 2))
        #expect(try #require(window.heldFrames).allSatisfy { $0.frames <= window.heldFramesMax })
    }

    /// A library's player pays the first touch of a fresh buffer's pages on each decode that holds one frame more than
    /// it ever held, and on no decode into a buffer it freed before: Kingfisher preloading 3 holds at most 5 frames
    /// (on screen, 3 ahead, one being drawn), so 5 of its decodes over two loops pay 40 ms more. At 10 ms
    /// a decode plus that, every frame is still in time; at 150 ms more, frame 1 is not.
    @Test("a library's player pays a first touch for each buffer it never held before, none for one it recycles")
    func freshBuffersPayTheFirstTouch() throws {
        let kingfisher = DecoderChoice.kingfisher(KingfisherSettings(framePreloadCount: 3))
        let plain = try #require(try Replay.play(kingfisher, container: Self.gif, trace: Self.trace(0.01), loops: 2))
        var touched = Self.trace(0.01)
        touched.firstTouch = 40_000_000
        let outcome = try #require(try Replay.play(kingfisher, container: Self.gif, trace: touched, loops: 2))
        #expect(outcome.heldFramesMax == plain.heldFramesMax && outcome.decodes == plain.decodes)
        let extra = outcome.decodeSeconds - plain.decodeSeconds
        #expect(abs(extra - Double(outcome.heldFramesMax) * 0.04) < 1e-9,
                "\(extra) s more: a first touch for each of the \(outcome.heldFramesMax) buffers, not each decode")
        #expect(plain.droppedFrames == 0 && outcome.droppedFrames == 0)
        // A first touch of 150 ms makes frame 1, due 100 ms after frame 0, come late: a frame is dropped.
        touched.firstTouch = 150_000_000
        let late = try #require(try Replay.play(kingfisher, container: Self.gif, trace: touched, loops: 2))
        #expect(late.droppedFrames > 0)
    }

    /// Eager decodes every frame before the first is shown, on the calling thread, and never decodes again.
    @Test func eagerPaysUpFront() throws {
        let outcome = try #require(try Replay.play(.eager, container: Self.gif, trace: Self.trace(0.15), loops: 3))
        #expect(abs(outcome.firstFrameSeconds - 1.5) < 1e-9)
        #expect(outcome.stalls == 0 && outcome.droppedFrames == 0)
        #expect(outcome.decodes == 10 && outcome.heldFramesMax == 10)
    }

    /// Later loops cost what the trace's later passes say: a cold first pass does not make a warm loop stall.
    @Test func laterLoopsPlayLaterPasses() throws {
        var seconds = Array(repeating: 0.15, count: Self.gif.frameCount)
        seconds += Array(repeating: 0.01, count: Self.gif.frameCount)
        let trace = FrameCostTrace(seconds: seconds, frameCount: Self.gif.frameCount)
        #expect(trace.passes.count == 2)
        let outcome = try #require(try Replay.play(.windowed(.frames(1)), container: Self.gif, trace: trace, loops: 3))
        #expect(outcome.stalls == 9, "the first loop's 9 stalls, none in the two loops at 10 ms a frame")
    }

    /// The same trace and setting give the same outcome, whatever else the machine does.
    @Test func deterministic() throws {
        let trace = FrameCostTrace(seconds: (0..<Self.gif.frameCount).map { 0.02 + 0.03 * Double($0 % 4) }, frameCount: Self.gif.frameCount)
        for decoder in [DecoderChoice.windowed(.frames(2)), .kingfisher, .ylgifimage, .sdwebimage(maxBufferCount: 3)] {
            let first = try Replay.play(decoder, container: Self.gif, trace: trace, loops: 2, speed: 4)
            let second = try Replay.play(decoder, container: Self.gif, trace: trace, loops: 2, speed: 4)
            #expect(first == second, "\(decoder)")
        }
    }

    /// The median of traces is taken frame by frame: one repetition's slow frame does not move it.
    @Test func medianTrace() throws {
        let a = FrameCostTrace(passes: [[1, 10, 100]]), b = FrameCostTrace(passes: [[2, 20, 200]]), c = FrameCostTrace(passes: [[3, 9_000, 300]])
        #expect(FrameCostTrace.median([a, b, c]) == FrameCostTrace(passes: [[2, 20, 200]]))
        #expect(FrameCostTrace.median([a, FrameCostTrace(passes: [[1, 2]])]) == nil, "traces of different GIFs do not mix")
    }

    /// A trace lays decode costs out loop by loop, the steps beside the whole in arrays of the same shape, and keeps
    /// no steps when any decode did not time them.
    @Test func traceKeepsSteps() throws {
        let stepped = (0..<7).map { DecodeCost(seconds: Double($0 + 1) * 1e-6, steps: .init(lzw: Double($0) * 1e-7, copy: 2e-7)) }
        let trace = FrameCostTrace(costs: stepped, frameCount: 3)
        #expect(trace.passes == [[1_000, 2_000, 3_000], [4_000, 5_000, 6_000]], "a last, partial loop is dropped")
        #expect(trace.lzw == [[0, 100, 200], [300, 400, 500]])
        #expect(trace.copy == [[200, 200, 200], [200, 200, 200]])
        let mixed = FrameCostTrace(costs: stepped + [DecodeCost(seconds: 1e-6)], frameCount: 4)
        #expect(mixed.passes.count == 2 && mixed.lzw == nil && mixed.copy == nil)
        #expect(trace.allocated == nil, "no meter read, no bytes")
        let metered = (0..<3).map { DecodeCost(seconds: 1e-6, steps: .init(lzw: 0, copy: 0, allocatedBytes: 100 * $0, freedBytes: 7)) }
        let bytes = FrameCostTrace(costs: metered, frameCount: 3)
        #expect(bytes.allocated == [[0, 100, 200]] && bytes.freed == [[7, 7, 7]])
    }
}
