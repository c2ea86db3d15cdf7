/// What happens to a frame's pixels before the next frame is drawn (GIF89a GCB disposal method).
public enum Disposal: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// 0: no disposal specified; the canvas is left as it is.
    case unspecified = 0
    /// 1: do not dispose; the canvas is left as it is.
    case keep = 1
    /// 2: the frame's rectangle is cleared to transparent (not the background colour).
    case background = 2
    /// 3: the canvas is restored to what it was before the frame was drawn.
    case previous = 3

    /// Maps a raw 3-bit value as Chromium does: 4 counts as 3, 5–7 as 1.
    public init(raw: UInt8) {
        switch raw & 7 {
        case 0: self = .unspecified
        case 2: self = .background
        case 3, 4: self = .previous
        default: self = .keep
        }
    }

    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .keep: "keep"
        case .background: "background"
        case .previous: "previous"
        }
    }
}
