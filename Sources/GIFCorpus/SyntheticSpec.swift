
/// A named recipe for a GIF with many frames that ``SyntheticCorpus`` turns into the same bytes on every run.
public struct SyntheticSpec: Sendable, Hashable {
    /// What the frames show, which decides how they compress and which GIF features they use.
    public enum Scene: Sendable, Hashable {
        /// Shaded balls moving over a banded background; frames after the first store only the changed rectangle
        /// (unchanged pixels transparent, disposal 1), as gifsicle-optimised GIFs do.
        case movingBalls(count: Int)
        /// A full-frame colour field that changes everywhere every frame, like camera footage.
        case plasma
        /// A shape on a transparent canvas, each frame its own rectangle cleared afterwards (disposal 2).
        case sticker
        /// A small full-frame face, blinking.
        case emoji
        /// A static desktop with small changing sub-rectangles (cursor, typing, pointer).
        case screencast
        /// A background frame, then sprites that are undone after each frame (disposal 3).
        case restorePrevious
        /// Full frames stored interlaced, every other frame with a local palette.
        case interlaced
    }

    public let name: String
    public let width: Int
    public let height: Int
    public let frameCount: Int
    public let delayCentiseconds: UInt16
    public let scene: Scene

    public init(name: String, width: Int, height: Int, frameCount: Int, delayCentiseconds: UInt16, scene: Scene) {
        self.name = name
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.delayCentiseconds = delayCentiseconds
        self.scene = scene
    }

    /// Bytes of all frames decoded at once: frames × width × height × 4.
    public var eagerBytes: Int { frameCount * width * height * 4 }
}
