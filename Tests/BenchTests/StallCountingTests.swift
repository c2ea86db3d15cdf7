import Playback
import BenchCore
import FrameDecoders
import GIFCodec
import GIFCorpus
import MemoryProbe
import PosixThreads
import Testing
import TestFixtures
import PlayerModels

/// A frame source whose frames arrive at known times: frame i is ready `lateBy[i]` seconds after the player
/// first asks whether it is ready (or asks for it).
final class ScriptedSource: AnimatedFrameSource, Sendable {
    let container: any AnimationContainer
    private let lateBy: [Double]
    /// When the player first asked about each frame.
    private let firstAsked: ConditionLock<[Double?]>
    private let pixels: [UInt8]

    init(container: GIFContainer, lateBy: [Double]) {
        self.container = container
        self.lateBy = lateBy
        firstAsked = ConditionLock(Array(repeating: nil, count: container.frameCount))
        pixels = Array(repeating: 0, count: container.frameBytes)
    }

    private func readyTime(_ frame: Int) -> Double {
        firstAsked.withLock { asked in
            if asked[frame] == nil { asked[frame] = CPUTimes.monotonic() }
            return asked[frame]! + lateBy[frame]
        }
    }

    func isReady(frame: Int) -> Bool {
        let ready = readyTime(frame)
        return CPUTimes.monotonic() >= ready
    }

    func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        DisplayClock.sleep(until: readyTime(index))
        return pixels.withUnsafeBytes { body(FrameView(index: index, pixels: $0, status: .complete, decodeSeconds: 0)) }
    }
}

/// Draws with the codec's compositor, then sleeps: every frame takes at least `seconds` of wall time however fast the
/// machine or busy its cores, so a test of what a too-slow decoder does cannot pass or fail with the CPU's speed.
final class SleepingCompositor: FrameCompositing {
    private let compositor: Compositor
    private let seconds: Double

    init(container: GIFContainer, seconds: Double) throws {
        compositor = try Compositor(container: container)
        self.seconds = seconds
    }

    func composite(frame index: Int) throws(GIFError) -> FrameStatus {
        let status = try compositor.composite(frame: index)
        DisplayClock.sleep(until: CPUTimes.monotonic() + seconds)
        return status
    }

    var pixels: UnsafeRawBufferPointer { compositor.pixels }
}

@Suite("Real-time playback counts stalls")
struct StallCountingTests {
    /// 12 frames of 50 ms each.
    static func container() throws -> GIFContainer {
        let palette = Palette([RGB(0, 0, 0), RGB(255, 255, 255)])
        let frames = (0..<12).map { _ in
            EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 2, height: 2), indices: [0, 1, 1, 0], delayCentiseconds: 5)
        }
        return try GIFContainer(bytes: GIFBytes(GIFEncoder.encode(EncoderInput(width: 2, height: 2, globalPalette: palette, frames: frames))))
    }

    @Test("frames that arrive 150 ms late are stalls, on-time frames are not, and lateness is measured")
    func scripted() throws {
        var lateBy = Array(repeating: 0.0, count: 12)
        lateBy[3] = 0.15
        lateBy[8] = 0.15
        let source = ScriptedSource(container: try Self.container(), lateBy: lateBy)
        let observation = try PlaybackLoop(source: source, sampler: nil).playRealtime(loops: 1, speed: 1, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(observation.stalls == 2)
        #expect(observation.lateness.count == 11)
        let late = observation.lateness.filter { $0 > 0 }
        #expect(late.count == 2)
        for value in late { #expect(value > 0.10 && value < 0.30, "lateness \(value) s") }
        #expect(abs(observation.animationSeconds - 0.6) < 1e-9)
    }

    @Test("the playhead waits: one late frame does not make the following frames late")
    func noCascade() throws {
        var lateBy = Array(repeating: 0.0, count: 12)
        lateBy[2] = 0.3
        let source = ScriptedSource(container: try Self.container(), lateBy: lateBy)
        let start = CPUTimes.monotonic()
        let observation = try PlaybackLoop(source: source, sampler: nil).playRealtime(loops: 1, speed: 1, refreshHz: 60, start: start)
        #expect(observation.stalls == 1)
        // Every deadline after the wait moved back by it: the last frame, due at 0.55 s, shows after 0.85 s, not in a
        // burst of frames caught up at 0.4 s (a slower machine only shows it later).
        let elapsed = CPUTimes.monotonic() - start
        #expect(elapsed >= 0.8, "played in \(elapsed) s")
    }

    @Test("a decoder that is always ready never stalls, at any speed")
    func eager() throws {
        let source = try EagerDecoder(container: try Self.container())
        let observation = try PlaybackLoop(source: source, sampler: nil).playRealtime(loops: 2, speed: 4, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(observation.stalls == 0)
        #expect(observation.lateness.allSatisfy { $0 == 0 })
    }

    @Test("the windowed decoder, slowed past the frame delay, is not ready at its deadlines: the player counts stalls")
    func windowedTooSlow() throws {
        let spec = try #require(SyntheticCorpus.spec(named: "sticker-240x240x60"))
        let container = try GIFContainer(bytes: GIFBytes(try SyntheticCorpus.gif(for: spec)))
        // 60 frames of 60 ms at speed 16: a deadline at every 16.7 ms display tick; each frame takes the prefetch
        // thread at least 40 ms of wall time.
        let slowed = try WindowedDecoder(container: container, window: 1,
                                         compositor: SleepingCompositor(container: container, seconds: 0.04))
        let observation = try PlaybackLoop(source: slowed, sampler: nil).playRealtime(loops: 1, speed: 16, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(observation.stalls > 40, "\(observation.stalls) stalls of 59 deadlines")
        #expect(observation.lateness.filter { $0 > 0 }.count == observation.stalls)
    }

    @Test("the windowed decoder with room to prefetch keeps up with 50 ms frames: no stall")
    func windowedKeepsUp() throws {
        let decoder = try WindowedDecoder(container: try Self.container(), window: 4)
        let observation = try PlaybackLoop(source: decoder, sampler: nil).playRealtime(loops: 2, speed: 1, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(observation.stalls == 0)
    }

    @Test("slowed the same way, a library that waits stalls (FLAnimatedImage) and one that does not drops frames (Kingfisher)")
    func libraryMissBehaviour() throws {
        let spec = try #require(SyntheticCorpus.spec(named: "sticker-240x240x60"))
        let container = try GIFContainer(bytes: GIFBytes(try SyntheticCorpus.gif(for: spec)))
        let waiting = try ModelDecoder(container: container, rule: FLAnimatedImageRule(frameCount: 60, cacheSize: 1),
                                       compositor: SleepingCompositor(container: container, seconds: 0.04))
        let waited = try PlaybackLoop(source: waiting, sampler: nil).playRealtime(loops: 1, speed: 16, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(waited.stalls > 40 && waited.droppedFrames == 0, "\(waited.stalls) stalls, \(waited.droppedFrames) dropped")
        let dropping = try ModelDecoder(container: container, rule: KingfisherRule(frameCount: 60),
                                        compositor: SleepingCompositor(container: container, seconds: 0.04))
        let dropped = try PlaybackLoop(source: dropping, sampler: nil).playRealtime(loops: 1, speed: 16, refreshHz: 60, start: CPUTimes.monotonic())
        #expect(dropped.stalls == 0 && dropped.droppedFrames > 20, "\(dropped.stalls) stalls, \(dropped.droppedFrames) dropped")
    }

    @Test("a memory warning mid-playback: FLAnimatedImage drops to the frame on screen and the poster, SDWebImage to the frame on screen, the windowed decoder does not answer")
    func memoryWarning() throws {
        // 60 frames of 240×240 (225 KiB each, above jemalloc's thread cache, so a freed frame leaves `stats.allocated`).
        let container = try GIFContainer(bytes: GIFBytes(try SyntheticCorpus.gif(for: try #require(SyntheticCorpus.spec(named: "sticker-240x240x60")))))
        let count = container.frameCount
        func played(_ source: any AnimatedFrameSource) throws -> MemoryWarningObservation {
            let observation = try PlaybackLoop(source: source, sampler: nil).playRealtime(loops: 1, speed: 2, refreshHz: 60, start: CPUTimes.monotonic(),
                                                                                   memoryWarningAt: 0.3)
            return try #require(observation.memoryWarning)
        }
        let flanimated = try played(ModelDecoder(container: container, rule: FLAnimatedImageRule(frameCount: count, cacheSize: 5)))
        #expect(flanimated.heldBefore ?? 0 >= 5 && flanimated.heldAfter ?? 99 <= 3, "\(flanimated)")
        // jemalloc's figures exist only where it serves malloc (not under a sanitizer).
        if Fixtures.jemallocServes { #expect(flanimated.allocatedAfter < flanimated.allocatedBefore) }
        let sdwebimage = try played(ModelDecoder(container: container, rule: SDWebImageRule(frameCount: count, maxBufferCount: 100)))
        #expect(sdwebimage.heldBefore ?? 0 >= 4 && sdwebimage.heldAfter ?? 99 <= 2, "\(sdwebimage)")
        let windowed = try played(WindowedDecoder(container: container, window: 4))
        #expect(windowed.heldBefore == windowed.heldAfter)
        #expect(flanimated.seconds >= 0.3 && flanimated.seconds < 0.35)
    }
}
