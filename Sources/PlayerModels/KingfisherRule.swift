import FrameDecoders

/// Kingfisher's `AnimatedImageView` (`Sources/Views/AnimatedImageView.swift`, onevcat/Kingfisher): the animator
/// decodes frames 0 … `framePreloadCount` (10 unless set) on its preload queue when it is set up
/// (`setupAnimatedFrames`); when the frame index moves, the previous frame is freed and frames i+1 … i+10 not yet
/// decoded are loaded (`updatePreloadedFrames`, `preloadIndexes(start:)`). When the GIF has at most `framePreloadCount
/// + 1` frames, `preloadingIsNeeded` is false and every frame stays. The index advances whether or not the frame is
/// decoded (`shouldChangeFrame(with:handler:)`); a missing frame shows the view's still image instead
/// (`display(_:)`). No memory-warning handler in the view.
public struct KingfisherRule: RetentionRule {
    public let frameCount: Int
    /// `AnimatedImageView.framePreloadCount`: frames decoded ahead of the one on screen.
    public let framePreloadCount: Int
    private var shown: Int?
    /// The library's name: the `policy` column, `--policies` and the `decoder` column use it.
    public static let name = "kingfisher"
    public var name: String { Self.name }
    public var summary: String { "the frame on screen and \(framePreloadCount) ahead (all when ≤ "
                                 + "\(framePreloadCount + 1) frames); a late frame is dropped" }
    public var source: String { "onevcat/Kingfisher Sources/Views/AnimatedImageView.swift" }
    public var missBehaviour: MissBehaviour { .showsAnotherFrame }
    public var framesAhead: Int { min(framePreloadCount, frameCount - 1) }
    /// The frame on screen and ten ahead, or every frame.
    public var heldFramesBound: Int { min(frameCount, framePreloadCount + 1) }
    public var decodedAtStart: [Int] { Array(0..<min(framePreloadCount + 1, frameCount)) }
    var preloadingIsNeeded: Bool { framePreloadCount < frameCount - 1 }

    /// A rule preloading `framePreloadCount` frames (at least 1; Kingfisher's 0 would preload every frame on each
    /// change, a quirk this model does not play).
    public init(frameCount: Int, framePreloadCount: Int = KingfisherSettings.defaults.framePreloadCount) {
        self.frameCount = frameCount
        self.framePreloadCount = max(1, framePreloadCount)
    }

    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        defer { shown = frame }
        guard preloadingIsNeeded, let previous = shown, previous != frame else { return RetentionStep() }
        return RetentionStep(decode: frames(after: frame, count: framePreloadCount).filter { !held.contains($0) },
                             free: held.contains(previous) ? [previous] : [])
    }
}

/// The settings of Kingfisher's `AnimatedImageView` a user changes, by the library's property names.
public struct KingfisherSettings: Sendable, Hashable {
    /// `framePreloadCount`: frames decoded ahead of the one on screen (default 10).
    public var framePreloadCount: Int
    /// `needsPrescaling`: frames are scaled to the view's size as they are decoded (default on). Off, a player keeps
    /// them at the GIF's size whatever the view (`loadFrame(at:)` passes no `maxSize`).
    public var needsPrescaling: Bool

    public init(framePreloadCount: Int = 10, needsPrescaling: Bool = true) {
        self.framePreloadCount = framePreloadCount
        self.needsPrescaling = needsPrescaling
    }

    /// The view's defaults.
    public static let defaults = KingfisherSettings()

    /// The settings that differ from the defaults, as the library names them: `["framePreloadCount = 3"]`.
    public var changes: [String] {
        var changes: [String] = []
        if framePreloadCount != Self.defaults.framePreloadCount { changes.append("framePreloadCount = "
                                                                                 + "\(framePreloadCount)") }
        if needsPrescaling != Self.defaults.needsPrescaling { changes.append("needsPrescaling = \(needsPrescaling)") }
        return changes
    }
}
