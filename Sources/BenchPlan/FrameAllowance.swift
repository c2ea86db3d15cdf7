/// A library setting counted in frames, given as a number or as a byte budget the GIF's frame size turns into one.
public enum FrameAllowance: Sendable, Hashable {
    case frames(Int)
    case budget(bytes: Int)

    /// The frames allowed for frames of `frameBytes`, `besides` frames the budget also holds; at least 1.
    func frames(frameBytes: Int, besides: Int) -> Int {
        switch self {
        case .frames(let count): count
        case .budget(let bytes): max(1, bytes / max(frameBytes, 1) - besides)
        }
    }

    /// `preload=3` or `budget=8MiB`.
    func text(frames key: String) -> String {
        switch self {
        case .frames(let count): "\(key)=\(count)"
        case .budget(let bytes): "budget=\(ByteSize.format(bytes))"
        }
    }
}
