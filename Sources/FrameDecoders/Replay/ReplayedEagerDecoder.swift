import GIFCodec

/// The eager decoder replayed on a ``VirtualClock``: every frame decoded on the calling thread before the first is
/// shown, each costing its traced first-pass figure, then never again.
public final class ReplayedEagerDecoder: ReplayedDecoder, @unchecked Sendable {
    public let container: any AnimationContainer
    private let costs: [Double]
    /// Seconds the calling thread spent decoding every frame.
    public let decodeSeconds: Double

    public let builtAt: Double

    public init(container: any AnimationContainer, trace: FrameCostTrace, clock: VirtualClock,
                loading: ReplayLoading = .onCaller) {
        self.container = container
        costs = (0..<container.frameCount).map { trace.seconds(frame: $0, pass: 0) }
        decodeSeconds = costs.reduce(0, +)
        builtAt = loading.build(costing: decodeSeconds, clock: clock)
    }

    public var decodes: Int { container.frameCount }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < container.frameCount else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        return body(FrameView(index: index, pixels: UnsafeRawBufferPointer(start: nil, count: 0), status: .complete,
                              decodeSeconds: costs[index]))
    }

    public func isReady(frame: Int) -> Bool { frame >= 0 && frame < container.frameCount }
    public var heldFramesMax: Int? { container.frameCount }
    public var heldFrames: Int? { container.frameCount }
}
