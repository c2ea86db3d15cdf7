import GIFCodec

/// Decodes every frame into its own RGBA buffer before the first one is shown, as Kingfisher's
/// default and `UIImage.animatedImage` do: frames × width × height × 4 bytes held for the image's lifetime.
public final class EagerDecoder: AnimatedFrameSource {
    public let container: GIFContainer
    private let frames: [FrameBuffer]
    private let statuses: [FrameStatus]
    private let decodeSeconds: [Double]

    /// The decoder's memory rule: one buffer per frame, `frameCount × frameBytes` (the compositor it decodes with is
    /// gone once the last frame is copied).
    public static func pixelBytes(container: GIFContainer) -> Int { container.frameCount * container.frameBytes }

    /// Decodes every frame; refuses, before allocating, a GIF over `limits` (canvas pixels or eager bytes).
    public init(container: GIFContainer, limits: DecodeLimits = .default, codec: LZWCodec = .default) throws(GIFError) {
        try limits.checkEager(container)
        self.container = container
        let compositor = try Compositor(container: container, limits: limits, codec: codec)
        var frames: [FrameBuffer] = []
        var statuses: [FrameStatus] = []
        var decodeSeconds: [Double] = []
        frames.reserveCapacity(container.frameCount)
        statuses.reserveCapacity(container.frameCount)
        decodeSeconds.reserveCapacity(container.frameCount)
        let clock = ContinuousClock()
        for _ in 0..<container.frameCount {
            let start = clock.now
            statuses.append(compositor.advance())
            frames.append(FrameBuffer(copying: compositor.pixels))
            decodeSeconds.append((clock.now - start).seconds)
        }
        self.frames = frames
        self.statuses = statuses
        self.decodeSeconds = decodeSeconds
    }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < frames.count else { throw .frameOutOfRange(index, frameCount: frames.count) }
        return body(FrameView(index: index, pixels: frames[index].readOnly, status: statuses[index], decodeSeconds: decodeSeconds[index]))
    }

    /// Always: every frame was decoded before the first was shown.
    public func isReady(frame: Int) -> Bool { frame >= 0 && frame < frames.count }

    public var heldFramesMax: Int? { frames.count }
    public var heldFrames: Int? { frames.count }
}
