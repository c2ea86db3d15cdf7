/// Kingfisher's `AnimatedImageView` (`Sources/Views/AnimatedImageView.swift`, onevcat/Kingfisher): the animator
/// decodes frames 0 … `framePreloadCount` (10) on its preload queue when it is set up (`setupAnimatedFrames`); when
/// the frame index moves, the previous frame is freed and frames i+1 … i+10 not yet decoded are loaded
/// (`updatePreloadedFrames`, `preloadIndexes(start:)`). When the GIF has at most `framePreloadCount + 1` frames,
/// `preloadingIsNeeded` is false and every frame stays. The index advances whether or not the frame is decoded
/// (`shouldChangeFrame(with:handler:)`); a missing frame shows the view's still image instead
/// (`display(_:)`). No memory-warning handler in the view.
public struct KingfisherRule: RetentionRule {
    public static let framePreloadCount = 10
    public let frameCount: Int
    private var shown: Int?
    /// The library's name: the `policy` column, `--policies` and the `decoder` column use it.
    public static let name = "kingfisher"
    public var name: String { Self.name }
    public var summary: String { "the frame on screen and \(Self.framePreloadCount) ahead (all when ≤ \(Self.framePreloadCount + 1) frames); a late frame is dropped" }
    public var source: String { "onevcat/Kingfisher Sources/Views/AnimatedImageView.swift" }
    public var missBehaviour: MissBehaviour { .showsAnotherFrame }
    public var framesAhead: Int { min(Self.framePreloadCount, frameCount - 1) }
    /// The frame on screen and ten ahead, or every frame.
    public var heldFramesBound: Int { min(frameCount, Self.framePreloadCount + 1) }
    public var decodedAtStart: [Int] { Array(0..<min(Self.framePreloadCount + 1, frameCount)) }
    var preloadingIsNeeded: Bool { Self.framePreloadCount < frameCount - 1 }

    public init(frameCount: Int) { self.frameCount = frameCount }

    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        defer { shown = frame }
        guard preloadingIsNeeded, let previous = shown, previous != frame else { return RetentionStep() }
        return RetentionStep(decode: frames(after: frame, count: Self.framePreloadCount).filter { !held.contains($0) },
                             free: held.contains(previous) ? [previous] : [])
    }
}
