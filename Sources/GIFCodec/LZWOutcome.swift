/// How one frame's LZW data ended, as the fast decoder saw it.
public enum LZWStop: Sendable, Equatable, CustomStringConvertible {
    /// Every pixel asked for was decoded.
    case complete
    /// The end-of-information code came before the last pixel.
    case endCodeTooSoon
    /// The sub-blocks ran out (a terminator, or a block cut short by the end of the file) before the last pixel.
    case dataEnded
    /// A code not yet in the table (or a string code right after a clear code): browsers end the frame there.
    case invalidCode(Int)
    /// The minimum code size byte is above 8, giflib's limit (the index refuses such frames before they get here).
    case codeSizeTooLarge(Int)

    public var description: String {
        switch self {
        case .complete: "complete"
        case .endCodeTooSoon: "the end-of-information code came before the frame's last pixel"
        case .dataEnded: "the frame's data ends before its last pixel"
        case .invalidCode(let code): "LZW code \(code) is not in the table yet"
        case .codeSizeTooLarge(let size): "LZW minimum code size \(size) is over 8"
        }
    }
}

/// What the fast decoder produced for one frame: pixels in the data's row order and why it stopped.
public struct LZWOutcome: Sendable, Equatable {
    /// Pixels written, counted from the frame's first; complete rows are `pixels / width`.
    public var pixels: Int
    public var stop: LZWStop
    /// Codes read, clear and end codes included: the fast decoder's cost tracks this more than pixels.
    public var codes = 0
}
