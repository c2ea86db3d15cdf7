/// Glide's, Fresco's and Android's own players as ``PlayerDescription``s, each transcribed from its source as read
/// in docs/players/notes/android.md. Each clamps a GIF delay of 10 ms or less to 100 ms, as this package's effective
/// delay does; Glide's frame without a graphic control block (a delay of 0, unclamped) is left out.
public enum AndroidPlayers {
    /// Fresco's `NUMBER_OF_FRAMES_TO_PREPARE`.
    public static let frescoPrepared = 3
    /// Fresco's bitmap memory cache on a device whose heap class is 256 MB: a quarter of it
    /// (`DefaultBitmapMemoryCacheParamsSupplier`), shared with every other image of the app.
    public static let frescoCacheMegabytes = 64.0
    /// The heap class (`ActivityManager.getMemoryClass`) that cache is a quarter of, in MB.
    public static let frescoHeapClassMegabytes = 256.0

    /// Glide 4/5 (bumptech/glide `GifFrameLoader.java`, read at bf4901de).
    ///
    /// - The first frame is decoded with the resource, on the request's thread (`ByteBufferGifDecoder.decode`).
    /// - One frame ahead: `loadNextFrame()` runs when a frame is shown (`onFrameReady`), and `isLoadPending` allows
    ///   one load at a time, on the animation executor shared by every GIF.
    /// - The frame shown before is released when the next goes on screen (`onFrameReady`: `MSG_CLEAR`).
    /// - A late frame is shown when it arrives and the next delay counts from then (`DelayTarget.onResourceReady` →
    ///   `sendMessageAtTime`): the playhead waits.
    /// - The frame loader keeps its frames under `onTrimMemory`.
    public static let glide = PlayerDescription(
        name: PlatformPlayer.Engine.glide.rawValue,
        source: "bumptech/glide library/src/main/java/com/bumptech/glide/load/resource/gif/GifFrameLoader.java · "
            + "loadNextFrame, onFrameReady (bf4901de)",
        decodedUpFront: 1, frames: .count(1), asks: .oneAtATime, frees: .previous, whenMissing: .wait)

    /// Fresco's `AnimatedDrawable2` with `BitmapAnimationBackend`, its default configuration (facebook/fresco,
    /// read at 1566dd8f).
    ///
    /// - The first draw finds frame 0 in no cache and renders it on the UI thread (`drawFrameOrFallback`, `CREATED`).
    /// - After each drawn frame the next 3 are prepared, those not cached or queued, on a serial executor
    ///   (`FixedNumberBitmapFramePreparationStrategy`, `DefaultBitmapFramePreparer`).
    /// - Frames go into the app's bitmap memory cache (`FrescoFrameCache`, `CACHING_STRATEGY_FRESCO_CACHE_NO_REUSING`)
    ///   and stay there, evictable, until its least-recently-used eviction: a cache of a quarter of the heap class
    ///   (`DefaultBitmapMemoryCacheParamsSupplier`), 64 MiB on a 256 MB heap, shared with the app's other images.
    /// - The frame drawn is the one the wall clock says (`DropFramesFrameScheduler`): a late frame's time passes. A
    ///   frame missing at draw time is rendered on the UI thread (`drawFrameOrFallback`); the model counts it dropped
    ///   and does not charge that thread's time.
    public static func fresco(prepared: Int, cacheMegabytes: Double) -> PlayerDescription {
        PlayerDescription(
            name: PlatformPlayer.Engine.fresco.rawValue,
            source: "facebook/fresco animated-drawable/…/FixedNumberBitmapFramePreparationStrategy.kt, "
                + "animated-base/…/FrescoFrameCache.kt · prepareFrames, onFramePrepared (1566dd8f)",
            decodedUpFront: 1, frames: .count(prepared), asks: .everyDue, frees: .leastRecent, whenMissing: .drop,
            holdsUpTo: .init(megabytes: cacheMegabytes, afterwards: .whileOver))
    }

    /// Android's `AnimatedImageDrawable` (API 28+, Coil's GIF player there), over Skia's `SkAnimatedImage`
    /// (aosp-mirror/platform_frameworks_base `libs/hwui/hwui/AnimatedImageDrawable.cpp`, read at f8d3d802).
    ///
    /// - `SkAnimatedImage`'s constructor decodes frame 0 (`decodeNextFrame()`).
    /// - One frame ahead: when the ready snapshot has been taken, `onDraw` asks the next of the process's one
    ///   `AnimatedImageThread` (`decodeNextFrame`); it keeps the frame shown and the one decoding.
    /// - A frame not ready keeps the current one on screen and asks for an update at once; when it is ready it shows
    ///   and the timeline slips (`isDirty`, `onDraw`): the playhead waits.
    /// - No handler for memory pressure.
    public static let animatedImageDrawable = PlayerDescription(
        name: PlatformPlayer.Engine.android.rawValue,
        source: "aosp-mirror/platform_frameworks_base libs/hwui/hwui/AnimatedImageDrawable.cpp · onDraw, isDirty, "
            + "decodeNextFrame (f8d3d802)",
        decodedUpFront: 1, frames: .count(1), asks: .oneAtATime, frees: .previous, whenMissing: .wait)
}
