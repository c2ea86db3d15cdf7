import GIFCodec
import PosixThreads
import Synchronization

/// Keeps at most `window` decoded frames ahead of the playhead, decoding on a background thread,
/// recycling played frames' buffers and decoding again on every loop (YLGIFImage, FLAnimatedImage,
/// SDAnimatedImageView).
///
/// It holds the compressed bytes, the index, one compositor (canvas, saved canvas for disposal 3)
/// and `window + 1` frame buffers from a fixed pool: ``pixelBytes(window:container:display:)``, whatever the
/// frame count. Steady playback allocates no frame memory. With a display smaller than the GIF, the buffers are
/// display-sized and each frame is downscaled into one.
public final class WindowedDecoder: AnimatedFrameSource {
    public let container: any AnimationContainer
    /// How many decoded frames may wait ahead of the playhead (the frame count when keeping all).
    public let window: Int
    /// Every frame is kept once decoded: decoded lazily in the background, never freed, never decoded again.
    public let keepsAll: Bool
    /// The name of the background decoding thread, as `/proc/self/task/*/comm` and debuggers show it.
    public let prefetchThreadName: String
    private let queue: PrefetchQueue
    private let worker: PrefetchWorker
    private let thread: BackgroundThread
    private let buffers: [FrameBuffer]
    private let scaling: ScalingCost?
    public let keptSize: (width: Int, height: Int)
    private static let threadSerial = Atomic<Int>(0)

    /// Starts the background decoder; a window of `.frames(n)` needs n ≥ 1. Frames are drawn by `compositor`, by
    /// default a `Compositor` of `container` with `codec`; the prefetch thread owns it from here on. With a
    /// `display`, frames are kept at its size.
    public init(container: any AnimationContainer, window: PrefetchWindow, limits: DecodeLimits = .default,
                codec: LZWCodec = .default,
                compositor: (any FrameCompositing)? = nil, display: DisplaySize? = nil,
                pool: DecodePool? = nil) throws(GIFError) {
        if case .all = window { try limits.checkEager(container) }
        self.container = container
        let drawing: any FrameCompositing
        if let compositor { drawing = compositor } else { drawing = try container.makeCompositor(limits: limits, codec: codec) }
        drawing.timesLZW = true
        let keeping = FrameKeeping(container: container, display: display)
        keptSize = keeping.size
        scaling = keeping.scalingCost
        switch window {
        case .frames(let frames):
            precondition(frames >= 1, "window must be at least 1")
            self.window = frames
            keepsAll = false
            buffers = (0...frames).map { _ in FrameBuffer(byteCount: keeping.frameBytes) }
            queue = PrefetchQueue(RecyclingWindow(window: frames, slots: frames + 1, frameCount: container.frameCount))
        case .all:
            self.window = container.frameCount
            keepsAll = true
            buffers = (0..<container.frameCount).map { _ in FrameBuffer(byteCount: keeping.frameBytes) }
            queue = PrefetchQueue(KeepAll(frameCount: container.frameCount))
        }
        prefetchThreadName = "gifprefetch-\(Self.threadSerial.add(1, ordering: .relaxed).newValue % 1000)"
        worker = PrefetchWorker(queue: queue, compositor: drawing, buffers: buffers, keeping: keeping, pool: pool)
        thread = BackgroundThread(name: prefetchThreadName) { [worker] in worker.run() }
    }

    /// A windowed decoder holding at most `window` frames ahead of the playhead.
    public convenience init(container: any AnimationContainer, window: Int, limits: DecodeLimits = .default,
                            codec: LZWCodec = .default,
                            compositor: (any FrameCompositing)? = nil) throws(GIFError) {
        try self.init(container: container, window: .frames(window), limits: limits, codec: codec,
                      compositor: compositor)
    }

    /// Stops and joins the prefetch thread, then frees the compositor and frame pool on the releasing thread.
    deinit {
        queue.stop()
        thread.join()
        worker.releaseResources()
    }

    /// Blocks until the prefetch thread has filled its window and waits for the player: from then on the decoder
    /// does no work until asked for a frame.
    public func waitUntilPrefetched() { queue.waitUntilIdle() }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < container.frameCount else {
            throw .frameOutOfRange(index, frameCount: container.frameCount)
        }
        let item = queue.take(frame: index)
        defer { queue.recycle(slot: item.slot) }
        return body(FrameView(index: index, pixels: buffers[item.slot].readOnly, status: item.status, cost: item.cost))
    }
}

extension WindowedDecoder {
    /// The decoder's memory rule, the one place it is stated: `window + 1` frame buffers (the window and the frame
    /// being shown), the compositor's canvas, and a saved canvas when a frame restores to previous — each
    /// `frameBytes`. Keeping all frames holds one buffer per frame instead of `window + 1`.
    public static func pixelBytes(window: PrefetchWindow, frameCount: Int, frameBytes: Int, savesCanvas: Bool) -> Int {
        DecoderMemory.pixelBytes(holdingFrames: buffers(window: window, frameCount: frameCount), frameBytes: frameBytes,
                                keptFrameBytes: frameBytes, savesCanvas: savesCanvas)
    }

    /// The rule for `container`, its frames kept at `display` (nil: full size).
    public static func pixelBytes(window: PrefetchWindow, container: any AnimationContainer,
                                  display: DisplaySize? = nil) -> Int {
        container.pixelBytes(holdingFrames: buffers(window: window, frameCount: container.frameCount), display: display)
    }

    /// The frame buffers the decoder holds: the window and the frame being shown, or one per frame when keeping all.
    static func buffers(window: PrefetchWindow, frameCount: Int) -> Int {
        switch window {
        case .frames(let frames): frames + 1
        case .all: frameCount
        }
    }

    public var scalingSeconds: Double? { scaling?.seconds }
    public var decodingThreadCPUSeconds: Double? { thread.cpuSeconds() }

    public var heldFramesMax: Int? { queue.heldMax }
    public var heldFrames: Int? { queue.heldNow }

    public func isReady(frame index: Int) -> Bool {
        index >= 0 && index < container.frameCount && queue.isReady(frame: index)
    }
}

/// How many decoded frames a ``WindowedDecoder`` keeps.
public enum PrefetchWindow: Sendable, Hashable {
    /// At most this many frames ahead of the playhead; played frames are recycled and decoded again next loop.
    case frames(Int)
    /// Every frame, once decoded: the windowed player's own eager limit.
    case all
}

/// The background half of ``WindowedDecoder``: owns the compositor, fills free slots in playback order.
private final class PrefetchWorker: @unchecked Sendable {
    private let queue: PrefetchQueue
    private var compositor: (any FrameCompositing)?
    private var buffers: [FrameBuffer]
    private let keeping: FrameKeeping
    private let pool: DecodePool?

    init(queue: PrefetchQueue, compositor: any FrameCompositing, buffers: [FrameBuffer], keeping: FrameKeeping,
         pool: DecodePool?) {
        self.queue = queue
        self.compositor = compositor
        self.buffers = buffers
        self.keeping = keeping
        self.pool = pool
    }

    func run() {
        if let compositor { decodeUntilStopped(with: compositor) }
    }

    /// Drops the compositor and buffers; called by the decoder once the thread has been joined.
    func releaseResources() {
        compositor = nil
        buffers = []
    }

    private func decodeUntilStopped(with compositor: any FrameCompositing) {
        while let job = queue.nextJob() {
            let (status, cost) = pool.run { () -> (FrameStatus, DecodeCost) in
                var status = FrameStatus.complete
                let (_, cost) = DecodeCost.timing(compositor,
                                                  composite: { status = (try? compositor.composite(frame: job.frame)) ?? .complete },
                                                  keep: { keeping.write(compositor.pixels, into: buffers[job.slot]) })
                return (status, cost)
            }
            queue.finish(job, status: status, cost: cost)
        }
    }
}
