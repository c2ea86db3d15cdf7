/// WebKit's, Chromium's and Firefox's players as ``PlayerDescription``s, each transcribed from its source as read in
/// docs/players/notes/browsers.md. The three engines clamp a GIF delay as this package's effective delay does
/// (docs/DESIGN: 10 ms or less plays as 100 ms; WebKit's "under 11 ms" is the same rule for whole milliseconds).
public enum BrowserPlayers {
    /// `LargeAnimationCutoff`, in MiB.
    public static let webkitCutoffMegabytes = 30.0
    /// The discardable memory a Chromium process's decoded images may keep, in MB: Android's, and a desktop's
    /// (`DiscardableSharedMemoryManager`'s `GetDefaultMemoryLimit`).
    public static let chromiumCacheMegabytes = 128.0, chromiumDesktopCacheMegabytes = 512.0
    /// `image.animated.decode-on-demand.threshold-kb` (20,480 KB) and `…batch-size`.
    public static let firefoxThresholdMegabytes = 20.0, firefoxBatch = 6

    /// WebKit (WebKit/WebKit, 2024+ `ImageFrameAnimator` / `BitmapImageSource`, read at 06dcb620 and 00f03c1f).
    ///
    /// - Frame 0 is decoded on the main thread for its first display (`currentNativeImageForDrawing`).
    /// - Each advance asks the next frame only, one ahead, of the image's serial work queue
    ///   (`ImageFrameAnimator::startAnimation`, `nextFrameIndex()`; `AsyncImageDecoder::startWorkQueue`).
    /// - Every decoded frame stays while the frames held come to less than `LargeAnimationCutoff` (30 MiB); at or past
    ///   it, each advance frees the frames whose index is below the current one's, the primary frame (0) excepted
    ///   (`ImageFrameAnimator::destroyDecodedData`, `BitmapImageSource::destroyDecodedFrames(false)`). Held frames then
    ///   fall under the cutoff and pile up again: a saw-tooth under 30 MiB.
    /// - A frame not decoded when its timer fires holds the animation until it is
    ///   (`ImageFrameAnimator::timerFired`: "Don't advance to nextFrame if the next frame is being decoded").
    /// - Critical memory pressure destroys the decoded data but the current frame (`releaseCriticalMemory`).
    public static func webkit(cutoffMegabytes: Double) -> PlayerDescription {
        PlayerDescription(
            name: PlatformPlayer.Engine.webkit.rawValue,
            source: "WebKit/WebKit Source/WebCore/platform/graphics/ImageFrameAnimator.cpp · destroyDecodedData, "
                + "startAnimation, timerFired (06dcb620)",
            decodedUpFront: 1, frames: .count(1), asks: .everyDue, frees: .behind, keeps: [0], whenMissing: .wait,
            memoryWarning: .keepDue, holdsUpTo: .init(megabytes: cutoffMegabytes, afterwards: .whileOver))
    }

    /// Chromium (chromium/chromium `cc/trees/image_animation_controller.cc`, read at 00119e86; Blink's
    /// `image_decoder_wrapper.cc` at 06111bb6).
    ///
    /// - The compositor advances the animation on each BeginFrame and the pending tree rasters the next frame, its
    ///   decode queued on raster workers before the tile (`AnimationState::AdvanceFrame`,
    ///   `TileManager::CreateRasterTask`): one frame ahead. The model asks it when the frame due changes; Chromium asks
    ///   it one display refresh before it is due, so the model's lead is the frame's delay, not a refresh.
    /// - Blink's decoder keeps only the frame it decoded (`ImageDecoderWrapper::Decode` → `ClearCacheExceptFrame`),
    ///   but each frame rastered stays in cc's software decode cache, keyed by frame, unlocked once drawn, up to 1,000
    ///   entries (`SoftwareImageDecodeCache`). The working set (`GetWorkingSetBytesForImageDecode`) bounds only the
    ///   frames in use; the unlocked ones live in discardable memory, held to `GetDefaultMemoryLimit`: 128 MB on
    ///   Android, 512 MB on a desktop (`discardable_shared_memory_manager.cc`). The model evicts the frame played
    ///   longest ago past that limit. Headless Chromium here held every frame of the seed GIF, 302 MiB more than
    ///   without it (Reports/browser-memory/), which a model keeping only the frame decoded did not predict.
    /// - A frame not ready keeps the old frame on the active tree while the clock runs; the next advance skips every
    ///   frame that came due meanwhile (`AdvanceAnimationState`'s catch-up loop): a dropped frame.
    /// - Critical memory pressure evicts the cache's unlocked entries (`ImageDecodeCacheUtils::ShouldEvictCaches`).
    public static func chromium(cacheMegabytes: Double) -> PlayerDescription {
        PlayerDescription(
            name: PlatformPlayer.Engine.chromium.rawValue,
            source: "chromium/chromium cc/trees/image_animation_controller.cc · AnimationState::AdvanceFrame "
                + "(00119e86); components/discardable_memory/service/discardable_shared_memory_manager.cc · "
                + "GetDefaultMemoryLimit",
            decodedAtStart: .window, frames: .count(1), asks: .whenFrameChanges, frees: .leastRecent,
            whenMissing: .showPrevious, memoryWarning: .keepDue,
            holdsUpTo: .init(megabytes: cacheMegabytes, afterwards: .whileOver))
    }

    /// Firefox (Gecko imagelib, read in SAP/project-foxhound at 9dcb850a, which tracks mozilla-firefox; the same
    /// threshold and batch logic in mozilla/gecko-dev at 61f7867c).
    ///
    /// - `AnimationSurfaceProvider` starts an `AnimationFrameRetainedBuffer` of `threshold-kb` × 1024 ÷ (4 × w × h)
    ///   frames, at least 2 × batch + 1, asking 2 × batch frames first.
    /// - Frames are asked in batches of `batch-size` (6) whenever fewer than a batch are decoded or pending ahead of
    ///   the frame shown (`AnimationFrameDiscardingQueue::AdvanceInternal`).
    /// - The retained buffer keeps every frame; inserting the frame that reaches the threshold swaps it for a
    ///   discarding queue for good (`RequestFrameDiscarding`), which keeps the first frame and the frames from the
    ///   one shown on, freeing each as it is passed. A GIF within 20 MiB is kept whole.
    /// - A frame not decoded holds the animation and resets its clock (`FrameAnimator::AdvanceFrame`).
    /// - Memory pressure discards the unlocked surfaces, an animation's included, and redecodes from the frame shown
    ///   (`SurfaceCacheImpl::DiscardForMemoryPressure`).
    public static func firefox(thresholdMegabytes: Double, batch: Int) -> PlayerDescription {
        PlayerDescription(
            name: PlatformPlayer.Engine.firefox.rawValue,
            source: "SAP/project-foxhound image/AnimationFrameBuffer.cpp · AnimationFrameRetainedBuffer, "
                + "AnimationFrameDiscardingQueue::AdvanceInternal (9dcb850a)",
            decodedAtStart: .window, frames: .count(batch), asks: .inBatches, frees: .outsideWindow, keeps: [0],
            whenMissing: .wait, memoryWarning: .keepDue,
            holdsUpTo: .init(megabytes: thresholdMegabytes, afterwards: .forGood, atLeastFrames: 2 * batch + 1))
    }
}
