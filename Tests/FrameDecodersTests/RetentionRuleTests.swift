import FrameDecoders
import GIFCodec
import GIFCorpus
import Testing
import PlayerModels

/// A scripted playback of a rule with instant decoding (decoding keeps up): the frames held after each due frame,
/// as the libraries' bookkeeping leaves them.
struct ScriptedPlayback {
    var rule: any RetentionRule
    var held: Set<Int>

    init(_ rule: any RetentionRule) {
        self.rule = rule
        held = Set(rule.decodedUpFront + rule.decodedAtStart)
    }

    mutating func apply(_ step: RetentionStep) {
        held.subtract(step.free)
        held.formUnion(step.decode)
    }

    /// Frame `frame` comes due, is decoded at once if asked for, and is shown, as `ModelDecoder` plays it.
    @discardableResult
    mutating func due(_ frame: Int) -> Set<Int> {
        apply(rule.due(frame, held: held))
        apply(rule.shown(frame, held: held))
        return held
    }

    /// Frame `frame` comes due and is not decoded in time: only the first ask.
    mutating func dueUndecoded(_ frame: Int) -> RetentionStep { rule.due(frame, held: held) }

    mutating func memoryWarning(at seconds: Double, due: Int) -> Set<Int> {
        apply(rule.memoryWarning(at: seconds, due: due, held: held))
        return held
    }

    mutating func clock(_ seconds: Double, due: Int) -> Set<Int> {
        apply(rule.clock(seconds, due: due, held: held))
        return held
    }
}

@Suite("Player models: what each library holds")
struct RetentionRuleTests {
    func wrapped(_ frames: ClosedRange<Int>, count: Int) -> Set<Int> { Set(frames.map { $0 % count }) }

    @Test("YLGIFImage: ten decoded up front; then frame 0 and the ten after the frame on screen; a short GIF is kept whole")
    func ylgifimage() {
        var play = ScriptedPlayback(YLGIFImageRule(frameCount: 30))
        #expect(play.held == Set(0..<10))
        #expect(play.due(0) == Set(0...10))
        for frame in 1..<65 {
            let index = frame % 30
            let expected = wrapped(index + 1...index + 10, count: 30).union([0])
            #expect(play.due(index) == expected, "frame \(index)")
        }
        #expect(play.rule.missBehaviour == .showsAnotherFrame)
        #expect(play.rule.heldFramesBound == 12)
        var short = ScriptedPlayback(YLGIFImageRule(frameCount: 10))
        for frame in 0..<25 { #expect(short.due(frame % 10) == Set(0..<10)) }
    }

    @Test("Kingfisher: frames 0…10 at set-up, then the frame on screen and ten ahead; 11 frames or fewer are all kept")
    func kingfisher() {
        var play = ScriptedPlayback(KingfisherRule(frameCount: 30))
        #expect(play.held == Set(0...10))
        #expect(play.due(0) == Set(0...10))
        for frame in 1..<65 {
            let index = frame % 30
            #expect(play.due(index) == wrapped(index...index + 10, count: 30), "frame \(index)")
        }
        #expect(play.rule.heldFramesBound == 11)
        var eleven = ScriptedPlayback(KingfisherRule(frameCount: 11))
        for frame in 0..<30 { #expect(eleven.due(frame % 11) == Set(0..<11)) }
        var twelve = ScriptedPlayback(KingfisherRule(frameCount: 12))
        twelve.due(0)
        #expect(twelve.due(1) == Set(1...11))
    }

    @Test("FLAnimatedImage: the cache counts the frame on screen; the poster frame is kept besides; size 1 is on demand")
    func flanimatedimage() {
        // 40 frames of 1 MiB: 40 MB is in the default category, a cache of 5.
        var play = ScriptedPlayback(FLAnimatedImageRule(frameCount: 40, frameBytes: 1 << 20))
        #expect(play.rule.framesAhead == 4)
        #expect(play.held == [0])
        for frame in 0..<90 {
            let index = frame % 40
            #expect(play.due(index) == wrapped(index...index + 4, count: 40).union([0]), "frame \(index)")
        }
        // 720×720×150 is 296.6 MB: one frame, produced on demand, and the poster.
        var onDemand = ScriptedPlayback(FLAnimatedImageRule(frameCount: 150, frameBytes: 720 * 720 * 4))
        #expect(onDemand.rule.framesAhead == 0)
        onDemand.due(0)
        for frame in 1..<40 { #expect(onDemand.due(frame) == [0, frame]) }
        #expect(onDemand.rule.missBehaviour == .waitsForFrame)
        // Up to 10 MB: every frame.
        var all = ScriptedPlayback(FLAnimatedImageRule(frameCount: 24, frameBytes: 64 * 64 * 4))
        for frame in 0..<50 { all.due(frame % 24) }
        #expect(all.held == Set(0..<24))
    }

    @Test("FLAnimatedImage after a memory warning: the frame on screen and the poster; 2 s later a cache of 2; 3 s after that the full cache")
    func flanimatedimageMemoryWarning() {
        var play = ScriptedPlayback(FLAnimatedImageRule(frameCount: 40, frameBytes: 1 << 20))
        for frame in 0...10 { play.due(frame) }
        #expect(play.held.count == 6)
        #expect(play.memoryWarning(at: 1.0, due: 10) == [0, 10])
        #expect(play.due(11) == [0, 11])
        #expect(play.clock(2.9, due: 11) == [0, 11])
        _ = play.clock(3.0, due: 11)
        #expect(play.due(12) == [0, 12, 13])
        _ = play.clock(6.0, due: 12)
        #expect(play.due(13) == wrapped(13...17, count: 40).union([0]))
    }

    @Test("SDWebImage: a pool, not a window: played frames stay up to the cap, the next frame is fetched one at a time")
    func sdwebimage() {
        var play = ScriptedPlayback(SDWebImageRule(frameCount: 10, maxBufferCount: 3))
        #expect(play.held == [0])
        #expect(play.due(0) == [0, 1])
        #expect(play.due(1) == [0, 1, 2])
        #expect(play.due(2) == [0, 1, 2, 3])
        // Over the cap: the frame shown leaves the pool as it is shown.
        #expect(play.due(3) == [0, 1, 2, 4])
        #expect(play.due(4) == [0, 1, 2, 5])
        #expect(play.rule.heldFramesBound == 5)
        // A pool as large as the GIF keeps every frame and stops fetching.
        var whole = ScriptedPlayback(SDWebImageRule(frameCount: 10, maxBufferCount: 50))
        for frame in 0..<25 { whole.due(frame % 10) }
        #expect(whole.held == Set(0..<10))
        // A miss fetches the frame due; a memory warning keeps the frame on screen only.
        var missed = ScriptedPlayback(SDWebImageRule(frameCount: 10, maxBufferCount: 3))
        #expect(missed.dueUndecoded(6) == RetentionStep(decode: [6]))
        for frame in 0..<5 { whole.due(frame) }
        #expect(whole.memoryWarning(at: 1, due: 4) == [4])
    }

    @Test("each rule's memory bound covers what the scripted playback holds, with the frame on screen freed from the store")
    func bounds() {
        let rules: [any RetentionRule] = [YLGIFImageRule(frameCount: 30), KingfisherRule(frameCount: 30),
                                          FLAnimatedImageRule(frameCount: 40, frameBytes: 1 << 20),
                                          SDWebImageRule(frameCount: 30, maxBufferCount: 4)]
        for rule in rules {
            var play = ScriptedPlayback(rule)
            var most = 0
            for frame in 0..<70 {
                let index = frame % rule.frameCount
                let held = play.due(index)
                most = max(most, held.count + (held.contains(index) ? 0 : 1))
            }
            #expect(most == rule.heldFramesBound, "\(rule.name): \(most) held, bound \(rule.heldFramesBound)")
        }
    }
}

@Suite("Player models played by ModelDecoder")
struct ModelDecoderTests {
    @Test("a real playback holds no more than the rule's bound and three in passing (the frame leaving the screen, one being drawn, one arrived since the rule last freed)")
    func heldFrames() throws {
        let container = try GIFContainer(bytes: GIFBytes(Array(SyntheticCorpus.gif(for: SyntheticCorpus.spec(named: "short-320x240x100")!))))
        let rules: [any RetentionRule] = [YLGIFImageRule(frameCount: 100), KingfisherRule(frameCount: 100),
                                          FLAnimatedImageRule(frameCount: 100, cacheSize: 5), FLAnimatedImageRule(frameCount: 100, cacheSize: 1),
                                          SDWebImageRule(frameCount: 100, maxBufferCount: 6)]
        for rule in rules {
            let decoder = try ModelDecoder(container: container, rule: rule)
            for loop in 0..<2 {
                for frame in 0..<100 { _ = try decoder.withFrame(at: frame) { $0.index } }
                decoder.waitUntilPrefetched()
                #expect(decoder.storedFrames.count <= rule.heldFramesBound + 1, "\(rule.name), loop \(loop)")
            }
            let held = try #require(decoder.heldFramesMax)
            #expect(held <= rule.heldFramesBound + 3, "\(rule.name): \(held) held, bound \(rule.heldFramesBound)")
            #expect(held >= 2, "\(rule.name): \(held) held")
        }
    }
}
