/// Why a WebP file cannot be read or played, in one line a person can act on.
public enum WebPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The RIFF container or one of its chunks could not be parsed (a truncated file, a bad chunk size).
    case unreadableContainer
    /// The container parsed, but frame `frame` (0-based) could not be decoded.
    case damagedFrame(Int)
    /// The canvas is larger than `--max-pixels` allows.
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// A container with no frame.
    case noFrames
    /// The frames to hold at once pass `--max-eager-bytes`.
    case eagerTooLarge(bytes: Int, limit: Int)
    /// Frames could not be written as a WebP, and why.
    case cannotEncode(String)

    public var description: String {
        switch self {
        case .unreadableContainer:
            "not a readable WebP: its RIFF container or a chunk in it is damaged or cut short"
        case .damagedFrame(let frame):
            "WebP frame \(frame) cannot be decoded (its data is damaged or cut short)"
        case .canvasTooLarge(let width, let height, let limit):
            "the WebP canvas is \(width)x\(height) = \(width * height) pixels, over the limit of \(limit) "
            + "(--max-pixels)"
        case .noFrames:
            "the WebP holds no frame"
        case .eagerTooLarge(let bytes, let limit):
            "decoding every frame up front needs \(bytes) bytes, over the limit of \(limit) (--max-eager-bytes)"
        case .cannotEncode(let reason):
            "cannot write the WebP: \(reason)"
        }
    }
}
