import FrameDecoders
import GIFCodec

extension GIFError {
    /// The error as `bench` tells it: the codec's own words, then what the user can do about it — the flag that
    /// raises a limit, or what the windowed decoder would hold instead. The codec knows nothing of flags; this is
    /// where they are named.
    public var explained: String {
        switch self {
        case .canvasTooLarge, .frameTooLarge: return description + " (raise it with --max-pixels)"
        case .eagerTooLarge(_, _, let frameBytes):
            let window = BenchCase.defaultWindow
            let windowed = WindowedDecoder.pixelBytes(window: .frames(window), frameCount: window + 1,
                                                      frameBytes: frameBytes, savesCanvas: false)
            return description + " (raise it with --max-eager-bytes); the windowed decoder would hold about "
                                 + "\(windowed) bytes at window \(window)"
        case .playerTooLarge: return description + " (raise it with --max-eager-bytes)"
        case .fileTooLarge: return description + " (raise it with --max-file-size)"
        case .notRegularFile: return description + "; pass --allow-special-files to read it, up to --max-file-size"
        case .cannotMap: return description + "; read it with --bytes-from heap"
        default: return description
        }
    }
}
