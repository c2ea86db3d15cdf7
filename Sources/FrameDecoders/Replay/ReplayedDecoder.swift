/// A decoder replayed on a ``VirtualClock``: a frame source that also says what decoding it charged.
public protocol ReplayedDecoder: AnimatedFrameSource {
    /// Decodes run so far, up front and in the background.
    var decodes: Int { get }
    /// Seconds of traced decoding charged so far.
    var decodeSeconds: Double { get }
    /// When its up-front decodes ended and it could show a frame (the clock's time, for one built on the caller).
    var builtAt: Double { get }
}

/// What each decode of a replay costs: the `n`-th decode of a frame takes the trace's pass `n` (the last pass's
/// beyond the trace). Counts the decodes of each frame.
struct DecodeCharges {
    let trace: FrameCostTrace
    private var decodesOfFrame: [Int]

    init(trace: FrameCostTrace, frameCount: Int) {
        self.trace = trace
        decodesOfFrame = Array(repeating: 0, count: frameCount)
    }

    /// Decodes charged so far.
    var decodes: Int { decodesOfFrame.reduce(0, +) }

    /// Charges the next decode of `frame`: its cost in seconds.
    mutating func next(_ frame: Int) -> Double {
        defer { decodesOfFrame[frame] += 1 }
        return trace.seconds(frame: frame, pass: decodesOfFrame[frame])
    }
}
