import GIFCodec

/// The strategy between eager and windowed: each frame's LZW is decoded once, on the background thread during the
/// first loop, and its palette indices kept (1 byte per pixel of the frame's own rectangle); every later loop
/// composites from the kept indices into RGBA, a small window of frames ahead as the windowed decoder does. No
/// library in this field does this: they keep RGBA frames (4 bytes per pixel of the whole screen) or decode again.
///
/// It is a ``WindowedDecoder`` whose compositor keeps indices
/// (`Compositor.init(container:limits:codec:keepsIndices:)`): the same prefetch queue, window, display scaling and
/// compositing routine. Memory rule: ``pixelBytes(window:container:display:)`` plus the indices kept
/// (``keptIndexBytes``, at most the sum of the frames' rectangle areas).
public final class IndexedDecoder: AnimatedFrameSource {
    private let windowed: WindowedDecoder
    /// Owned by the prefetch thread; only ``Compositor/keptIndexBytes``, an atomic read, is used here.
    nonisolated(unsafe) private let compositor: Compositor

    public var container: any AnimationContainer { windowed.container }
    /// Frames composited ahead of the playhead.
    public var window: Int { windowed.window }

    /// Starts the background decoder; a window of `.frames(n)` needs n ≥ 1.
    public init(container: GIFContainer, window: PrefetchWindow, limits: DecodeLimits = .default,
                codec: LZWCodec = .default,
                display: DisplaySize? = nil, pool: DecodePool? = nil) throws(GIFError) {
        compositor = try Compositor(container: container, limits: limits, codec: codec, keepsIndices: true)
        windowed = try WindowedDecoder(container: container, window: window, limits: limits, codec: codec,
                                       compositor: compositor, display: display, pool: pool)
    }

    /// The pixels the decoder holds besides its indices: the window's frames, the canvas and a saved canvas, as the
    /// windowed decoder's rule states them.
    public static func pixelBytes(window: PrefetchWindow, container: GIFContainer, display: DisplaySize? = nil) -> Int {
        WindowedDecoder.pixelBytes(window: window, container: container, display: display)
    }

    /// The most the indices can take: every frame's rectangle, 1 byte per pixel (rows below the screen and frames
    /// outside it are not kept, so it can be less).
    public static func indexBytesBound(container: GIFContainer) -> Int {
        container.frames.reduce(0) { $0 + $1.rect.width * $1.rect.height }
    }

    /// Bytes of indices kept so far.
    public var keptIndexBytes: Int { compositor.keptIndexBytes }

    /// How many frames' LZW data has been decoded so far: each frame once, however many loops are played.
    public var lzwDecodes: Int { compositor.lzwDecodes }

    public func withFrame<R>(at index: Int,
                             _ body: (FrameView) -> R) throws(GIFError) -> R { try windowed.withFrame(at: index, body) }
    public func isReady(frame: Int) -> Bool { windowed.isReady(frame: frame) }
    public func waitUntilPrefetched() { windowed.waitUntilPrefetched() }
    public var heldFramesMax: Int? { windowed.heldFramesMax }
    public var heldFrames: Int? { windowed.heldFrames }
    public var keptSize: (width: Int, height: Int) { windowed.keptSize }
    public var scalingSeconds: Double? { windowed.scalingSeconds }
    public var decodingThreadCPUSeconds: Double? { windowed.decodingThreadCPUSeconds }
}
