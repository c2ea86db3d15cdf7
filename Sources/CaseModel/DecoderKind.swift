import FrameDecoders
import GIFCodec

/// One of this package's decoders that plays a GIF with a window of frames ahead, or with every frame (eager). The
/// registry, ``DecoderKind/all`` (DecoderKinds.swift), is the one place that knows them: it parses `--decoders` and a
/// feed's models, names a case's decoder in the CSV and JSON, builds the decoder, and states the bytes it must hold.
/// Adding a kind is its type in FrameDecoders and one entry there.
public struct DecoderKind: Sendable, Hashable, CustomStringConvertible {
    /// The `decoder` column and the `--decoders` word: one lowercase word (the JSON key of a case's decoder is made
    /// of it, and reports convert keys to snake case).
    public let name: String
    /// Whether it plays with a window of frames ahead (`--windows`); one that does not holds every frame.
    public let takesWindow: Bool
    /// Whether it draws frames with a compositor the harness may hand it, which is how the planted slowdown
    /// (`--slow-windowed`) reaches a decoder.
    public let takesCompositor: Bool
    /// Where it decodes, as a feed's report says it of each model.
    public let decodesOn: String
    /// Loops `bench speed` plays it for its end-to-end figure: more than one for a kind whose later loops cost less.
    public let speedLoops: Int
    /// Why it cannot play a WebP, in a clause; nil when it can.
    public let webpRefusal: String?
    let build: @Sendable (DecoderInputs) throws(GIFError) -> any AnimatedFrameSource
    let heldBytes: @Sendable (PrefetchWindow, any AnimationContainer, DisplaySize?) -> Int

    public init(name: String, takesWindow: Bool, takesCompositor: Bool, decodesOn: String, speedLoops: Int = 1,
                webpRefusal: String? = nil,
                build: @escaping @Sendable (DecoderInputs) throws(GIFError) -> any AnimatedFrameSource,
                heldBytes: @escaping @Sendable (PrefetchWindow, any AnimationContainer, DisplaySize?) -> Int) {
        self.name = name
        self.takesWindow = takesWindow
        self.takesCompositor = takesCompositor
        self.decodesOn = decodesOn
        self.speedLoops = speedLoops
        self.webpRefusal = webpRefusal
        self.build = build
        self.heldBytes = heldBytes
    }

    /// The decoder of this kind for `inputs`.
    public func make(_ inputs: DecoderInputs) throws(GIFError) -> any AnimatedFrameSource { try build(inputs) }

    /// What the decoder must hold at least: its frames and canvases, at the display's size when given.
    public func theoreticalBytes(window: PrefetchWindow, container: any AnimationContainer,
                                 display: DisplaySize?) -> Int {
        heldBytes(window, container, display)
    }

    /// The window this kind plays at when `requested` is asked for: `.all` for a kind that takes none.
    public func window(_ requested: PrefetchWindow) -> PrefetchWindow { takesWindow ? requested : .all }

    /// The kind `name` names in the registry.
    public static func named(_ name: String) -> DecoderKind? { all.first { $0.name == name } }

    /// Every kind's name, for usage lines: `eager, windowed, indexed`.
    public static var names: String { all.map(\.name).joined(separator: ", ") }

    public static func == (lhs: DecoderKind, rhs: DecoderKind) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}

/// What a decoder kind is built from: the animation, the window, and the harness's settings.
public struct DecoderInputs {
    public var container: any AnimationContainer
    /// The window of frames ahead; `.all` for a kind that takes none.
    public var window: PrefetchWindow
    public var limits: DecodeLimits
    public var codec: LZWCodec
    public var display: DisplaySize?
    /// The pool a feed's players share for their background work; nil gives the decoder a thread of its own.
    public var pool: DecodePool?
    /// A compositor of the harness's own (the planted slowdown), for a kind that takes one; nil uses the decoder's.
    public var compositor: (any FrameCompositing)?

    public init(container: any AnimationContainer, window: PrefetchWindow, limits: DecodeLimits = .default,
                codec: LZWCodec = .default,
                display: DisplaySize? = nil, pool: DecodePool? = nil, compositor: (any FrameCompositing)? = nil) {
        self.container = container
        self.window = window
        self.limits = limits
        self.codec = codec
        self.display = display
        self.pool = pool
        self.compositor = compositor
    }
}
