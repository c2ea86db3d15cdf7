import GIFCodec

/// What a ``WindowedDecoder``'s prefetch thread draws frames with: the codec's ``Compositor``, or an object that
/// wraps one (a harness that wants to observe or slow the drawing supplies its own). The decoder calls it from its
/// prefetch thread only.
public protocol FrameCompositing: AnyObject {
    /// Draws frame `index` on the canvas, replaying from frame 0 when it is not the next one.
    func composite(frame index: Int) throws(GIFError) -> FrameStatus
    /// The canvas after the last drawn frame.
    var pixels: UnsafeRawBufferPointer { get }
}

extension Compositor: FrameCompositing {}
