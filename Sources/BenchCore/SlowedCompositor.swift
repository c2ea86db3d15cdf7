import CaseModel
import GIFCodec

/// A planted regression for the gate's tests: a compositor that, besides drawing each frame, decodes its LZW data
/// `extraWorkPerFrame` more times on average (0.1 = one frame in ten once more, 2 = every frame twice more), always
/// with giflib, so that a knob's cost does not change with the codec the frames are drawn with. Given to
/// a ``WindowedDecoder``, the extra work runs where a slower codec's would, on the prefetch thread. The knob lives
/// here, in the harness; the codec and the decoders know nothing of it.
public final class SlowedCompositor: FrameCompositing {
    private let compositor: any FrameCompositing
    private let indexReader: FrameIndexReader
    private let extraWorkPerFrame: Double
    private var owed = 0.0

    /// Throws for an animation that is not a GIF: the extra work is LZW, which only a GIF has.
    public init(container: any AnimationContainer, limits: DecodeLimits = .default, codec: LZWCodec = .default,
                extraWorkPerFrame: Double) throws(GIFError) {
        guard let gif = container as? GIFContainer else {
            throw .formatNotPlayed(player: "the planted slowdown (--slow-windowed)",
                                   format: container.format.displayName,
                                   reason: "it decodes LZW data again, which only a GIF has")
        }
        compositor = try Compositor(container: gif, limits: limits, codec: codec)
        indexReader = try FrameIndexReader(container: gif, codec: .giflib)
        self.extraWorkPerFrame = extraWorkPerFrame
    }

    public func composite(frame index: Int) throws(GIFError) -> FrameStatus {
        let status = try compositor.composite(frame: index)
        owed += extraWorkPerFrame
        while owed >= 1 {
            indexReader.decode(frame: index) { _, _ in }
            owed -= 1
        }
        return status
    }

    public var pixels: UnsafeRawBufferPointer { compositor.pixels }

    public var timesLZW: Bool {
        get { compositor.timesLZW }
        set { compositor.timesLZW = newValue }
    }

    /// The drawing compositor's LZW time; the extra decodes count as drawing, the step a slower draw would slow.
    public var lzwSeconds: Double { compositor.lzwSeconds }
}
