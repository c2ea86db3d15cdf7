import Testing
import PlayerModels

/// The settings users change, played as the libraries' sources play them: each rule with a setting other than the
/// default, step by step.
@Suite("Player models: the settings users change")
struct LibrarySettingsTests {
    func wrapped(_ frames: ClosedRange<Int>, count: Int) -> Set<Int> { Set(frames.map { $0 % count }) }

    @Test("Kingfisher framePreloadCount = 3: frames 0…3 at set-up, then the frame on screen and 3 ahead; 4 frames are all kept")
    func kingfisherPreload() {
        var play = ScriptedPlayback(KingfisherRule(frameCount: 30, framePreloadCount: 3))
        #expect(play.held == Set(0...3))
        #expect(play.due(0) == Set(0...3))
        for frame in 1..<65 {
            let index = frame % 30
            #expect(play.due(index) == wrapped(index...index + 3, count: 30), "frame \(index)")
        }
        #expect(play.rule.framesAhead == 3 && play.rule.heldFramesBound == 4)
        // `preloadingIsNeeded` is `framePreloadCount < frameCount - 1`: with 4 frames and 3 ahead, nothing is freed.
        var four = ScriptedPlayback(KingfisherRule(frameCount: 4, framePreloadCount: 3))
        for frame in 0..<12 { #expect(four.due(frame % 4) == Set(0..<4)) }
        var five = ScriptedPlayback(KingfisherRule(frameCount: 5, framePreloadCount: 3))
        five.due(0)
        #expect(five.due(1) == Set(1...4))
        // 0 would preload every frame on each change in Kingfisher; the model plays at least 1.
        #expect(KingfisherRule(frameCount: 30, framePreloadCount: 0).framePreloadCount == 1)
        #expect(KingfisherSettings(framePreloadCount: 3, needsPrescaling: false).changes == ["framePreloadCount = 3", "needsPrescaling = false"])
        #expect(KingfisherSettings.defaults.changes.isEmpty)
    }

    @Test("FLAnimatedImage frameCacheSizeMax caps the size category's cache; 0 is no cap")
    func flanimatedimageCacheMax() {
        // 24 frames of 64×64: 0.4 MB, every frame cached by default.
        #expect(FLAnimatedImageRule.cacheSize(frameCount: 24, frameBytes: 64 * 64 * 4) == 24)
        #expect(FLAnimatedImageRule.cacheSize(frameCount: 24, frameBytes: 64 * 64 * 4, frameCacheSizeMax: 0) == 24)
        #expect(FLAnimatedImageRule.cacheSize(frameCount: 24, frameBytes: 64 * 64 * 4, frameCacheSizeMax: 2) == 2)
        // A cap above the category leaves it: 40 MB is a cache of 5.
        #expect(FLAnimatedImageRule.cacheSize(frameCount: 40, frameBytes: 1 << 20, frameCacheSizeMax: 8) == 5)
        var play = ScriptedPlayback(FLAnimatedImageRule(frameCount: 24, cacheSize: FLAnimatedImageRule.cacheSize(
            frameCount: 24, frameBytes: 64 * 64 * 4, frameCacheSizeMax: 2)))
        #expect(play.rule.framesAhead == 1 && play.rule.heldFramesBound == 3)
        for frame in 0..<50 {
            let index = frame % 24
            #expect(play.due(index) == wrapped(index...index + 1, count: 24).union([0]), "frame \(index)")
        }
    }

    @Test("SDWebImage maxBufferSize: its bytes ÷ the frame's, at least 1; 0 is automatic")
    func sdwebimageMaxBufferSize() {
        let frame = 720 * 720 * 4
        #expect(SDWebImageRule.maxBufferCount(frameBytes: frame, physicalBytes: 8 << 30, freeBytes: 2 << 30, maxBufferSize: 5 * frame + 1) == 5)
        #expect(SDWebImageRule.maxBufferCount(frameBytes: frame, physicalBytes: 8 << 30, freeBytes: 2 << 30, maxBufferSize: 1) == 1)
        #expect(SDWebImageRule.maxBufferCount(frameBytes: frame, physicalBytes: 8 << 30, freeBytes: 2 << 30, maxBufferSize: 0)
                == SDWebImageRule.maxBufferCount(frameBytes: frame, physicalBytes: 8 << 30, freeBytes: 2 << 30))
        // A pool of 5 played: the pool, the frame on screen and the next one.
        var play = ScriptedPlayback(SDWebImageRule(frameCount: 30, maxBufferCount: 5))
        for frame in 0..<90 { #expect(play.due(frame % 30).count <= 7, "frame \(frame % 30)") }
        #expect(play.rule.heldFramesBound == 7)
    }
}
