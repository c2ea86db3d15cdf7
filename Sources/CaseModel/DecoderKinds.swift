import FrameDecoders
import GIFCodec

/// The registry of this package's decoder kinds. To add one: write its type in FrameDecoders (an
/// ``AnimatedFrameSource`` with a static rule for the bytes it holds), then add an entry here and to ``all``.
extension DecoderKind {
    /// Every frame decoded up front into its own buffer and kept (`UIImage.animatedImage`).
    public static let eager = DecoderKind(
        name: "eager", takesWindow: false, takesCompositor: false,
        decodesOn: "every frame decoded once when the player enters, as one task (UIImage.animatedImage on a "
                   + "loading queue)",
        build: { inputs throws(GIFError) in
            try EagerDecoder(container: inputs.container, limits: inputs.limits, codec: inputs.codec,
                             display: inputs.display)
        },
        heldBytes: { _, container, display in EagerDecoder.pixelBytes(container: container, display: display) })

    /// A window of composited frames ahead of playback on a background thread, played frames freed.
    public static let windowed = DecoderKind(
        name: "windowed", takesWindow: true, takesCompositor: true,
        decodesOn: "one prefetch thread per player, width 1 (this project's WindowedDecoder)",
        build: { inputs throws(GIFError) in
            try WindowedDecoder(container: inputs.container, window: inputs.window, limits: inputs.limits,
                                codec: inputs.codec, compositor: inputs.compositor, display: inputs.display,
                                pool: inputs.pool)
        },
        heldBytes: { window, container, display in WindowedDecoder.pixelBytes(window: window, container: container, display: display) })

    /// Each frame's LZW decoded once and its indices kept; frames composited from them ahead of playback.
    public static let indexed = DecoderKind(
        name: "indexed", takesWindow: true, takesCompositor: false,
        decodesOn: "one prefetch thread per player, width 1 (this project's IndexedDecoder)", speedLoops: 3,
        webpRefusal: "it keeps each frame's LZW indices, and a WebP has none (its frames decode straight to pixels)",
        build: { inputs throws(GIFError) in
            guard let gif = inputs.container as? GIFContainer else {
                throw .formatNotPlayed(player: "indexed", format: "WebP",
                                       reason: "it keeps each frame's LZW indices, and a WebP has none")
            }
            return try IndexedDecoder(container: gif, window: inputs.window, limits: inputs.limits, codec: inputs.codec,
                               display: inputs.display, pool: inputs.pool)
        },
        heldBytes: { window, container, display in
            guard let gif = container as? GIFContainer else { return 0 }
            return IndexedDecoder.pixelBytes(window: window, container: gif,
                                             display: display) + IndexedDecoder.indexBytesBound(container: gif)
        })

    /// Every kind, in the order the default suite plays them.
    public static let all: [DecoderKind] = [.eager, .windowed, .indexed]
}
