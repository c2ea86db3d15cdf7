import GIFCodec

/// One decoded frame lent to a caller: valid only inside the closure that receives it.
public struct FrameView {
    public let index: Int
    /// RGBA8 pixels, straight alpha, row-major, at the source's ``AnimatedFrameSource/keptSize`` (the GIF's screen, or
    /// the display size when the source downscales).
    public let pixels: UnsafeRawBufferPointer
    public let status: FrameStatus
    /// What compositing this frame and keeping it took, in seconds: by the decoding thread's own CPU clock for a
    /// decoder that decodes on a thread of its own (windowed, indexed, a library's model), where the player's and the
    /// sampler's threads would otherwise show in it; by the monotonic clock for the eager decoder, whose calling thread
    /// does nothing else while it decodes (and which reads one clock a frame, 18 ns against the thread clock's 270).
    /// With the LZW and copy steps apart when the decoder timed them.
    public let cost: DecodeCost

    /// The whole decode, in seconds (``cost``'s).
    public var decodeSeconds: Double { cost.seconds }

    /// A view of `pixels`; for frame sources outside this module (test doubles, other decoders).
    public init(index: Int, pixels: UnsafeRawBufferPointer, status: FrameStatus, cost: DecodeCost) {
        self.index = index
        self.pixels = pixels
        self.status = status
        self.cost = cost
    }

    /// A view of `pixels` whose decode took `decodeSeconds`, its steps not timed apart.
    public init(index: Int, pixels: UnsafeRawBufferPointer, status: FrameStatus, decodeSeconds: Double) {
        self.init(index: index, pixels: pixels, status: status, cost: DecodeCost(seconds: decodeSeconds))
    }
}

/// A player's view of an animated GIF: canvas size, timing, and frames in playback order.
///
/// Playback asks for frames 0, 1, …, frameCount − 1, 0, 1, … (wrap-around at the end of a loop);
/// any other order is allowed but may cost a replay from frame 0.
public protocol AnimatedFrameSource: AnyObject, Sendable {
    var container: any AnimationContainer { get }
    /// Lends frame `index` to `body`; the pixels must not escape it.
    func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R
    /// Whether ``withFrame(at:_:)`` for `frame` would return without waiting for decoding.
    func isReady(frame: Int) -> Bool
    /// Blocks until any background decoding has done all it can before the next request; then the source does no
    /// work until asked. Sources without background work return at once.
    func waitUntilPrefetched()
    /// What the player does when the frame due is not decoded: wait (a stall) or show another (a dropped frame).
    var missBehaviour: MissBehaviour { get }
    /// The frame due was not decoded and the player moved on without it.
    func skip(frame: Int)
    /// The frame due is not decoded and the player waits for it without blocking: a display link asks again at its
    /// next tick, as FLAnimatedImageView does. The source starts getting it if it is not already.
    func frameDue(_ frame: Int)
    /// The most decoded frames alive at once so far, as the source counts them; nil when it does not.
    var heldFramesMax: Int? { get }
    /// The decoded frames alive now; nil when the source does not count them.
    var heldFrames: Int? { get }
    /// The system warned of low memory `seconds` into playback.
    func memoryWarning(at seconds: Double)
    /// Playback has reached `seconds`.
    func clock(_ seconds: Double)
    /// The size of the frames the source lends: the GIF's screen, or smaller when it downscales to a display.
    var keptSize: (width: Int, height: Int) { get }
    /// Seconds spent downscaling frames to the display size so far; nil when the source does not scale.
    var scalingSeconds: Double? { get }
    /// Seconds of CPU the source's own decoding thread has used so far, by that thread's clock; nil for a source
    /// that decodes on its caller's thread alone.
    var decodingThreadCPUSeconds: Double? { get }
}

extension AnimatedFrameSource {
    public var width: Int { container.width }
    public var height: Int { container.height }
    public var frameCount: Int { container.frameCount }
    public var delays: [FrameDelay] { container.delays }
    public var loopCount: LoopCount { container.loopCount }

    public func waitUntilPrefetched() {}
    public var missBehaviour: MissBehaviour { .waitsForFrame }
    public func skip(frame: Int) {}
    public func frameDue(_ frame: Int) {}
    public var heldFramesMax: Int? { nil }
    public var heldFrames: Int? { nil }
    public func memoryWarning(at seconds: Double) {}
    public func clock(_ seconds: Double) {}
    public var keptSize: (width: Int, height: Int) { (container.width, container.height) }
    public var scalingSeconds: Double? { nil }
    public var decodingThreadCPUSeconds: Double? { nil }

    /// The FNV-1a 64 hash of frame `index`.
    public func hash(ofFrame index: Int) throws(GIFError) -> FrameHash {
        try withFrame(at: index) { FrameHash(of: $0.pixels) }
    }
}
