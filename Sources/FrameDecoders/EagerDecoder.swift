import GIFCodec

/// Decodes every frame into its own RGBA buffer before the first one is shown, as Kingfisher's
/// default and `UIImage.animatedImage` do: frames × width × height × 4 bytes held for the image's lifetime.
public final class EagerDecoder: AnimatedFrameSource {
    public let container: GIFContainer
    private let frames: [FrameBuffer]
    private let statuses: [FrameStatus]

    public init(container: GIFContainer) throws(GIFError) {
        self.container = container
        let compositor = try Compositor(container: container)
        var frames: [FrameBuffer] = []
        var statuses: [FrameStatus] = []
        frames.reserveCapacity(container.frameCount)
        statuses.reserveCapacity(container.frameCount)
        for _ in 0..<container.frameCount {
            statuses.append(compositor.advance())
            frames.append(FrameBuffer(copying: compositor.pixels))
        }
        self.frames = frames
        self.statuses = statuses
    }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < frames.count else { throw .frameOutOfRange(index, frameCount: frames.count) }
        return body(FrameView(index: index, pixels: frames[index].readOnly, status: statuses[index]))
    }
}
