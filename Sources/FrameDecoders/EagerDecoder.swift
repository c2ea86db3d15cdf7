import GIFCodec

/// Decodes every frame into its own RGBA buffer before the first one is shown, as Kingfisher's
/// default and `UIImage.animatedImage` do: frames × width × height × 4 bytes held for the image's lifetime.
public final class EagerDecoder: AnimatedFrameSource {
    public let container: any AnimationContainer
    private let frames: [FrameBuffer]
    private let statuses: [FrameStatus]
    private let decodeSeconds: [Double]
    public let keptSize: (width: Int, height: Int)
    private let scaling: ScalingCost?

    /// The decoder's memory rule: one buffer per frame, `frameCount ×` the kept frame's bytes (the canvas's, or the
    /// display's); the compositor it decodes with is gone once the last frame is kept.
    public static func pixelBytes(container: any AnimationContainer, display: DisplaySize? = nil) -> Int {
        container.frameCount * container.keptFrameBytes(display: display)
    }

    /// Decodes every frame, kept at `display` when given; refuses, before allocating, a GIF over `limits` (canvas
    /// pixels, or eager bytes at full size).
    public init(container: any AnimationContainer, limits: DecodeLimits = .default, codec: LZWCodec = .default,
                display: DisplaySize? = nil) throws(GIFError) {
        try limits.checkEager(container)
        self.container = container
        // A GIF's own compositor draws a frame straight into the buffer that keeps it; another format's is copied.
        let compositor: Compositor?
        let drawing: any FrameCompositing
        if let gif = container as? GIFContainer {
            let own = try Compositor(container: gif, limits: limits, codec: codec)
            (compositor, drawing) = (own, own)
        } else {
            (compositor, drawing) = (nil, try container.makeCompositor(limits: limits, codec: codec))
        }
        let keeping = FrameKeeping(container: container, display: display)
        keptSize = keeping.size
        scaling = keeping.scalingCost
        var frames: [FrameBuffer] = []
        var statuses: [FrameStatus] = []
        var decodeSeconds: [Double] = []
        frames.reserveCapacity(container.frameCount)
        statuses.reserveCapacity(container.frameCount)
        decodeSeconds.reserveCapacity(container.frameCount)
        let clock = ContinuousClock()
        var start = clock.now
        for index in 0..<container.frameCount {
            if let compositor, keeping.keepsCanvasSize {
                // At the GIF's size a frame is drawn straight into the buffer that keeps it: written once, not drawn
                // on the compositor's canvas and copied.
                let frame = FrameBuffer(uninitializedByteCount: keeping.frameBytes, prefaulted: true)
                statuses.append(compositor.advance(into: frame.bytes))
                frames.append(frame)
            } else {
                statuses.append(try drawing.composite(frame: index))
                frames.append(keeping.keep(drawing.pixels))
            }
            // One clock read a frame: where one frame's decode ends, the next one's starts.
            let end = clock.now
            decodeSeconds.append((end - start).seconds)
            start = end
        }
        self.frames = frames
        self.statuses = statuses
        self.decodeSeconds = decodeSeconds
    }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < frames.count else { throw .frameOutOfRange(index, frameCount: frames.count) }
        return body(FrameView(index: index, pixels: frames[index].readOnly, status: statuses[index],
                              decodeSeconds: decodeSeconds[index]))
    }

    /// Always: every frame was decoded before the first was shown.
    public func isReady(frame: Int) -> Bool { frame >= 0 && frame < frames.count }

    public var heldFramesMax: Int? { frames.count }
    public var scalingSeconds: Double? { scaling?.seconds }
    public var heldFrames: Int? { frames.count }
}
