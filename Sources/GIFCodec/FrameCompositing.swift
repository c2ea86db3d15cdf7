/// What a decoder draws frames with: a GIF's ``Compositor``, a WebP's decoder, or an object that wraps one (a harness
/// that wants to observe or slow the drawing supplies its own). One thread uses it at a time.
public protocol FrameCompositing: AnyObject {
    /// Draws frame `index` on the canvas, replaying from frame 0 when it is not the next one.
    func composite(frame index: Int) throws(GIFError) -> FrameStatus
    /// The canvas after the last drawn frame.
    var pixels: UnsafeRawBufferPointer { get }
    /// Whether LZW decodes are timed into ``lzwSeconds``; a decoder that traces its steps turns it on.
    var timesLZW: Bool { get set }
    /// CPU seconds spent in LZW decodes while ``timesLZW`` was on, by the decoding thread's clock.
    var lzwSeconds: Double { get }
    /// How many times its own CPU each decode through this compositor is to cost, its copy into the buffer that
    /// keeps the frame included: a harness's stand-in for a slower device (`--decode-slowdown`); 1 for the codecs'.
    var decodeStretch: Double { get }
    /// Seconds of CPU the decoding thread is to spin after a decode that cost `seconds`, `faulted` when the thread
    /// took page faults during it, when ``decodeStretch`` is above 1; 0 for the codecs'.
    func spinSeconds(afterDecodeOf seconds: Double, faulted: Bool) -> Double
}

extension Compositor: FrameCompositing {}

extension FrameCompositing {
    /// A compositor that cannot time its LZW apart counts it as drawing: its steps show no LZW.
    public var timesLZW: Bool {
        get { false }
        set {}
    }

    public var lzwSeconds: Double { 0 }

    public var decodeStretch: Double { 1 }

    public func spinSeconds(afterDecodeOf seconds: Double, faulted: Bool) -> Double { 0 }
}
