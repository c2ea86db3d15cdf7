import GIFCodec

/// Decodes every frame into its own RGBA buffer before the first one is shown, as Kingfisher's
/// default and `UIImage.animatedImage` do: frames × width × height × 4 bytes held for the image's lifetime.
public final class EagerDecoder: AnimatedFrameSource {
    public let container: GIFContainer
    /// Every frame, kept in one ``FrameStore``.
    private let frames: FrameStore
    private let frameCount: Int
    private let statuses: [FrameStatus]
    private let decodeSeconds: [Double]
    public let keptSize: (width: Int, height: Int)
    private let scaling: ScalingCost?

    /// The decoder's memory rule: one buffer per frame, `frameCount ×` the kept frame's bytes (the canvas's, or the
    /// display's); the compositor it decodes with is gone once the last frame is kept.
    public static func pixelBytes(container: GIFContainer, display: DisplaySize? = nil) -> Int {
        container.frameCount * container.keptFrameBytes(display: display)
    }

    /// Decodes every frame, kept at `display` when given; refuses, before allocating, a GIF over `limits` (canvas
    /// pixels, or eager bytes at full size).
    public init(container: GIFContainer, limits: DecodeLimits = .default, codec: LZWCodec = .default,
                display: DisplaySize? = nil) throws(GIFError) {
        try limits.checkEager(container)
        self.container = container
        let compositor = try Compositor(container: container, limits: limits, codec: codec)
        let keeping = FrameKeeping(container: container, display: display)
        keptSize = keeping.size
        scaling = keeping.scalingCost
        let frames = FrameStore(frameCount: container.frameCount, frameBytes: keeping.frameBytes)
        var statuses: [FrameStatus] = []
        var decodeSeconds: [Double] = []
        statuses.reserveCapacity(container.frameCount)
        decodeSeconds.reserveCapacity(container.frameCount)
        let clock = ContinuousClock()
        for index in 0..<container.frameCount {
            let start = clock.now
            statuses.append(compositor.advance())
            keeping.write(compositor.pixels, into: frames.frame(index))
            decodeSeconds.append((clock.now - start).seconds)
        }
        self.frames = frames
        frameCount = container.frameCount
        self.statuses = statuses
        self.decodeSeconds = decodeSeconds
    }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < frameCount else { throw .frameOutOfRange(index, frameCount: frameCount) }
        return body(FrameView(index: index, pixels: UnsafeRawBufferPointer(frames.frame(index)), status: statuses[index],
                              decodeSeconds: decodeSeconds[index]))
    }

    /// Always: every frame was decoded before the first was shown.
    public func isReady(frame: Int) -> Bool { frame >= 0 && frame < frameCount }

    public var heldFramesMax: Int? { frameCount }
    public var scalingSeconds: Double? { scaling?.seconds }
    public var heldFrames: Int? { frameCount }
}
