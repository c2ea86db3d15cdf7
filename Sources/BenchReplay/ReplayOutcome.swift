import Playback

/// What one setting did when replayed: the playhead's counts on the virtual clock, the frames it held and the
/// decoding it charged. Deterministic: the same trace and setting give the same outcome.
public struct ReplayOutcome: Sendable, Hashable, Codable {
    /// Frames not decoded at their display tick that held the playhead.
    public var stalls: Int
    /// Frames not decoded at their display tick and skipped (players that do not wait).
    public var droppedFrames: Int
    /// Seconds past their deadlines, summed over the frames shown.
    public var latenessSeconds: Double
    /// The most decoded frames alive at once.
    public var heldFramesMax: Int
    /// Decodes run, up front and in the background.
    public var decodes: Int
    /// Seconds of CPU the player's decoding cost: the traced costs of every decode it ran.
    public var decodeSeconds: Double
    /// Seconds from building the player until frame 0 was shown.
    public var firstFrameSeconds: Double
    /// Seconds of animation played.
    public var animationSeconds: Double
    /// The decoded frames held over time: at frame 0 and at every display tick where the count changed. With the
    /// bytes of a kept frame, the player's pixel memory over time. Absent in reports made before it was recorded.
    public var heldFrames: [HeldFramesSample]? = nil

    /// Neither a stall nor a dropped frame.
    public var playsSmoothly: Bool { stalls == 0 && droppedFrames == 0 }
}
