/// Everything that can go wrong while reading or writing a GIF, in the domain's words.
public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with a GIF signature (`GIF87a`/`GIF89a`).
    case notAGIF
    /// A WebP (`RIFF`, `WEBP`) given to a command that reads GIFs only.
    case webpNotPlayable
    /// libwebp could not read the container or decode a frame; the text says which.
    case webp(String)
    /// A player that does not play this format: the library it models has no decoder for it, or the player keeps
    /// something only a GIF has.
    case formatNotPlayed(player: String, format: String, reason: String)
    /// The input is empty.
    case empty
    /// The file ended before the logical screen descriptor was complete.
    case truncatedHeader
    /// The file ended after the header but before the first frame's data; the text says where.
    case truncatedBeforeFirstFrame(String)
    /// A frame's rectangle holds more pixels than the budget allows (decoding it would take seconds to minutes).
    case frameTooLarge(frame: Int, width: Int, height: Int, limit: Int)
    /// The logical screen has zero width or height.
    case zeroSizeScreen
    /// The file holds no frame that could be read.
    case noFrames
    /// A frame cannot be drawn because neither a local nor a global palette exists.
    case missingPalette(frame: Int)
    /// A frame index outside `0..<frameCount` was asked for.
    case frameOutOfRange(Int, frameCount: Int)
    /// giflib reported an error; `code` is its `D_GIF_ERR_*` or `E_GIF_ERR_*` value.
    case giflib(code: Int32, operation: String)
    /// The fast LZW decoder stopped before a frame's last pixel.
    case lzw(LZWStop)
    /// An encoder input is inconsistent (sizes, palette, rectangle).
    case invalidEncoderInput(String)
    /// The logical screen needs more pixels than the budget allows.
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// Decoding every frame up front needs more bytes than the eager budget allows.
    case eagerTooLarge(bytes: Int, limit: Int, frameBytes: Int)
    /// A player may hold more decoded frames at once than the budget for decoded frames allows.
    case playerTooLarge(player: String, frames: Int, bytes: Int, limit: Int)
    /// No frame can be drawn: each is empty, lacks a palette, or fails to decode.
    case noDrawableFrame(String)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// The path is a device, pipe, FIFO or socket, and the reading rules allow only regular files.
    case notRegularFile(path: String, kind: String)
    /// The file holds more bytes than the reading rules allow (`bytes` is nil when it was not a regular file).
    case fileTooLarge(path: String, bytes: Int?, limit: Int)
    /// A pipe or FIFO delivered no data before the reading deadline.
    case noDataWithin(path: String, seconds: Double)
    /// Only a regular file can be mapped with `mmap`.
    case cannotMap(path: String, kind: String)

    public var description: String {
        switch self {
        case .notAGIF: return "not a GIF file (no GIF87a/GIF89a signature)"
        case .webpNotPlayable: return "a WebP, not a GIF: this command reads GIFs only ('bench run', 'bench inspect' "
                                      + "and 'bench cache' read WebP)"
        case .webp(let reason): return reason
        case .formatNotPlayed(let player, let format, let reason): return "\(player) does not play \(format): \(reason)"
        case .empty: return "the file is empty"
        case .truncatedHeader: return "the file ends inside the GIF header"
        case .truncatedBeforeFirstFrame(let place): return "the file ends \(place)"
        case .frameTooLarge(let frame, let width, let height, let limit):
            return "frame \(frame) is \(width)x\(height), \(width * height) pixels, over the limit of \(limit)"
        case .zeroSizeScreen: return "the logical screen has zero width or height"
        case .noFrames: return "the GIF holds no readable frame"
        case .missingPalette(let frame): return "frame \(frame) has no local palette and the file has no global palette"
        case .frameOutOfRange(let index, let count): return "frame \(index) does not exist (the GIF has "
                                                            + "\(count) frames)"
        case .giflib(let code, let operation): return "giflib: \(GiflibCall.message(for: code)) (code \(code), "
                                                      + "in \(operation))"
        case .lzw(let stop): return "LZW: \(stop)"
        case .invalidEncoderInput(let reason): return "cannot encode GIF: \(reason)"
        case .canvasTooLarge(let width, let height, let limit):
            return "the \(width)x\(height) screen needs \(width * height) pixels, over the limit of \(limit)"
        case .eagerTooLarge(let bytes, let limit, _):
            return "eager decoding needs \(bytes) bytes, over the limit of \(limit)"
        case .playerTooLarge(let player, let frames, let bytes, let limit):
            return "\(player) may hold \(frames) decoded frames at once, \(bytes) bytes, over the limit of \(limit)"
        case .noDrawableFrame(let reason): return "no frame can be drawn: \(reason)"
        case .io(let path, let reason): return "\(path): \(reason)"
        case .notRegularFile(let path, let kind): return "\(path): not a regular file (\(kind))"
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path): " + (bytes.map { "is \($0) bytes, over" } ?? "holds more than") + " the limit of \(limit) bytes per file"
        case .noDataWithin(let path, let seconds): return "\(path): no data within \(Int(seconds)) s (a pipe or FIFO "
                                                          + "nobody writes into?)"
        case .cannotMap(let path, let kind): return "\(path): \(kind) cannot be mapped"
        }
    }
}
