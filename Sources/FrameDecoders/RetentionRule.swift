/// What a library's player does when the frame due on screen has not been decoded yet.
public enum MissBehaviour: String, Sendable, Hashable {
    /// The playhead waits on the frame shown until the due one is decoded: a stall (FLAnimatedImage, SDWebImage,
    /// this project's windowed decoder).
    case waitsForFrame
    /// The playhead moves on and the screen keeps another frame: a dropped frame (Kingfisher, YLGIFImage).
    case showsAnotherFrame
}

/// What a rule asks of the decoder after an event: frames to decode, in this order, and frames to free.
public struct RetentionStep: Sendable, Equatable {
    public var decode: [Int]
    public var free: [Int]

    public init(decode: [Int] = [], free: [Int] = []) {
        self.decode = decode
        self.free = free
    }
}

/// A library's rule for which decoded frames its player keeps, when it asks for more and what it frees: the
/// bookkeeping of the library, with no decoding and no threads, so a scripted playback can check it step by step.
/// ``ModelDecoder`` plays a rule with real decoding on a background queue.
///
/// `held` is always the set of frames decoded and stored (not counting the one on screen or the one being decoded).
public protocol RetentionRule: Sendable {
    /// The library's name, as the `policy` column shows it.
    var name: String { get }
    /// The rule in a few words, for reports (docs/prefetch-settings.md's table gives it whole).
    var summary: String { get }
    /// Where the rule was read: repository and file.
    var source: String { get }
    var frameCount: Int { get }
    /// What the player does when the due frame is not decoded.
    var missBehaviour: MissBehaviour { get }
    /// Frames ahead of the one on screen that the rule keeps decoded when it can (the CSV's `window`).
    var framesAhead: Int { get }
    /// The decoded frames the rule keeps alive in steady playback when decoding keeps up: stored and on screen, not
    /// counting a frame being drawn. The decoder's memory rule (``ModelDecoder/pixelBytes(rule:container:display:)``)
    /// uses it.
    var heldFramesBound: Int { get }
    /// Frames decoded on the caller's thread before playback (YLGIFImage's first ten, a poster frame).
    var decodedUpFront: [Int] { get }
    /// Frames asked of the background queue when the player is built.
    var decodedAtStart: [Int] { get }
    /// Frame `frame` is due on screen: what to decode and what to free. Called once per due frame, decoded or not.
    mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep
    /// Frame `frame`, decoded, goes on screen (after ``due(_:held:)``, and after waiting for it when it was late).
    mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep
    /// Whether a frame the queue finished decoding is stored (a rule may have stopped wanting it meanwhile).
    func keeps(arrived frame: Int, due: Int) -> Bool
    /// A decoded frame was stored while `due` is the frame due: what to free now.
    mutating func arrived(_ frame: Int, due: Int, held: Set<Int>) -> RetentionStep
    /// The system warned of low memory at `seconds` into playback.
    mutating func memoryWarning(at seconds: Double, due: Int, held: Set<Int>) -> RetentionStep
    /// Time passed: a rule that grows its cache again after a warning does it here.
    mutating func clock(_ seconds: Double, due: Int, held: Set<Int>) -> RetentionStep
}

extension RetentionRule {
    public var decodedUpFront: [Int] { [] }
    public var decodedAtStart: [Int] { [] }
    public mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep { RetentionStep() }
    public func keeps(arrived frame: Int, due: Int) -> Bool { true }
    public mutating func arrived(_ frame: Int, due: Int, held: Set<Int>) -> RetentionStep { RetentionStep() }
    public mutating func memoryWarning(at seconds: Double, due: Int,
                                       held: Set<Int>) -> RetentionStep { RetentionStep() }
    public mutating func clock(_ seconds: Double, due: Int, held: Set<Int>) -> RetentionStep { RetentionStep() }

    /// `count` frames after `frame`, wrapping at the end of the loop.
    public func frames(after frame: Int, count: Int) -> [Int] {
        (1...max(count, 1)).prefix(count).map { (frame + $0) % frameCount }
    }
}
