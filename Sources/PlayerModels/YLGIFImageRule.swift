import FrameDecoders

/// YLGIFImage (`YLGIFImage/YLGIFImage.m`, `YLImageView.m`, liyong03/YLGIFImage): the first ten frames are decoded
/// when the image is made (`_prefetchedNum = 10`); showing frame i frees it unless it is frame 0, and queues frames
/// i+1 … i+10 that are not decoded on a serial queue (`-getFrameWithIndex:`). With ten frames or fewer nothing is
/// freed. A frame not decoded in time leaves the previous one on screen while the playhead moves on
/// (`-changeKeyframe:` and `-displayLayer:` skip an `NSNull` frame); that frame, decoded late, stays in the array until
/// it comes due again. No memory-warning handler.
public struct YLGIFImageRule: RetentionRule {
    public static let prefetched = 10
    public let frameCount: Int
    /// The library's name: the `policy` column, `--policies` and the `decoder` column use it.
    public static let name = "ylgifimage"
    public var name: String { Self.name }
    public var summary: String { "frame 0 and \(Self.prefetched) ahead, the shown frame freed; a late frame is dropped" }
    public var source: String { "liyong03/YLGIFImage YLGIFImage/YLGIFImage.m, YLImageView.m" }
    public var missBehaviour: MissBehaviour { .showsAnotherFrame }
    public var framesAhead: Int { min(Self.prefetched, frameCount - 1) }
    /// Frame 0, ten ahead, and the frame on screen (freed from the array but still shown).
    public var heldFramesBound: Int { frameCount <= Self.prefetched ? frameCount : min(frameCount, Self.prefetched + 2) }
    public var decodedUpFront: [Int] { Array(0..<min(Self.prefetched, frameCount)) }

    public init(frameCount: Int) { self.frameCount = frameCount }

    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        guard frameCount > Self.prefetched else { return RetentionStep() }
        return RetentionStep(decode: frames(after: frame, count: Self.prefetched).filter { !held.contains($0) },
                             free: frame != 0 && held.contains(frame) ? [frame] : [])
    }

    /// A frame the player waited for is freed as it is shown, as it would have been had it been in time.
    public mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep {
        RetentionStep(free: frameCount > Self.prefetched && frame != 0 && held.contains(frame) ? [frame] : [])
    }
}
