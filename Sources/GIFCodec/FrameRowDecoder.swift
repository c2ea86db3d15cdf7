import CGif

/// One frame's palette indices as a codec decoded them: rows in the order the data stores them (interlaced frames
/// in pass order), `width` bytes each.
struct DecodedRows {
    let indices: UnsafePointer<UInt8>
    /// Complete rows decoded, counted from the first in data order.
    let rows: Int
    let status: FrameStatus
}

/// The one place a frame's LZW data is turned into indices, with either codec: giflib's `DGifGetLine`, row by row
/// into a buffer the size of the largest frame, or the fast decoder (``LZWDecoder``), which owns such a buffer.
/// The compositor and the index reader both decode through it. Not thread-safe: one per owner.
final class FrameRowDecoder {
    private enum Engine {
        case giflib(GiflibReader, rows: UnsafeMutablePointer<UInt8>)
        case fast(LZWDecoder)
    }

    private let engine: Engine
    private let bytes: GIFBytes
    /// What the fast codec made of the last frame (`nil` with giflib).
    private(set) var lastOutcome: LZWOutcome?

    init(container: GIFContainer, codec: LZWCodec) throws(GIFError) {
        bytes = container.bytes
        let largest = container.frames.reduce(1) { max($0, $1.rect.width * $1.rect.height) }
        switch codec {
        case .giflib: engine = .giflib(try GiflibReader(bytes: container.bytes), rows: .allocate(capacity: largest))
        case .fast: engine = .fast(LZWDecoder(maxPixels: largest))
        }
    }

    deinit {
        if case .giflib(_, let rows) = engine { rows.deallocate() }
    }

    /// Decodes the first `rowLimit` rows (in data order) of `frame`. The status is how the frame's data ended:
    /// complete, or partial with the codec's own error (giflib's code, or how the fast decoder stopped); a frame the
    /// index found cut short by the end of the file is partial even when every row asked for was decoded.
    func decode(_ frame: FrameRecord, rows rowLimit: Int) -> DecodedRows {
        let width = frame.rect.width
        switch engine {
        case .fast(let lzw):
            let outcome = lzw.decode(bytes.buffer, recordOffset: frame.recordOffset, pixels: rowLimit * width)
            lastOutcome = outcome
            let status: FrameStatus = outcome.stop != .complete ? .partial(.lzw(outcome.stop))
                : frame.truncated ? .partial(.lzw(.dataEnded)) : .complete
            return DecodedRows(indices: lzw.indices, rows: width > 0 ? outcome.pixels / width : 0, status: status)
        case .giflib(let reader, let buffer):
            reader.position = frame.recordOffset + 1
            do { try reader.imageHeader() } catch { return DecodedRows(indices: buffer, rows: 0, status: .partial(error)) }
            let endOfFile = FrameStatus.partial(.giflib(code: D_GIF_ERR_EOF_TOO_SOON, operation: "DGifGetLine"))
            if reader.pastEnd {
                return DecodedRows(indices: buffer, rows: 0,
                                   status: .partial(.giflib(code: D_GIF_ERR_EOF_TOO_SOON,
                                                            operation: "DGifGetImageHeader")))
            }
            for row in 0..<rowLimit {
                guard reader.line(into: buffer + row * width, count: Int32(width)) else {
                    return DecodedRows(indices: buffer, rows: row, status: .partial(reader.fail("DGifGetLine")))
                }
                if reader.pastEnd { return DecodedRows(indices: buffer, rows: row, status: endOfFile) }
            }
            return DecodedRows(indices: buffer, rows: rowLimit, status: frame.truncated ? endOfFile : .complete)
        }
    }
}
