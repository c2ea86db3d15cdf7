/// Decodes one frame's LZW data into palette indices, one byte per pixel of the frame's own rectangle, rows in
/// display order, without compositing anything: what a decoder that keeps indices rather than RGBA frames stores,
/// and the codec's cost of a frame on its own.
public final class FrameIndexReader {
    public let container: GIFContainer
    public let codec: LZWCodec
    private let decoder: FrameRowDecoder
    /// What the fast codec made of the last frame (`nil` with giflib, or before the first decode).
    public var lastOutcome: LZWOutcome? { decoder.lastOutcome }
    /// How the fast codec's last frame ended.
    public var lastStop: LZWStop? { lastOutcome?.stop }

    public init(container: GIFContainer, codec: LZWCodec = .default) throws(GIFError) {
        self.container = container
        self.codec = codec
        decoder = try FrameRowDecoder(container: container, codec: codec)
    }

    /// Bytes ``decode(frame:into:)`` needs for frame `index`: its width × height.
    public func byteCount(ofFrame index: Int) -> Int {
        let rect = container.frames[index].rect
        return rect.width * rect.height
    }

    /// Decodes frame `index` row by row, handing each row (its number in display order, its indices) to `body`;
    /// returns the rows decoded, fewer than the frame's height when its data ends early or is bad.
    @discardableResult
    public func decode(frame index: Int, eachRow body: (Int, UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        guard index >= 0, index < container.frameCount else { return 0 }
        let frame = container.frames[index]
        guard frame.rect.width > 0, frame.rect.height > 0 else { return 0 }
        let width = frame.rect.width
        let decoded = decoder.decode(frame, rows: frame.rect.height)
        var rows = InterlacedRows(height: frame.rect.height, interlaced: frame.interlaced)
        var count = 0
        while count < decoded.rows, let number = rows.next() {
            body(number, UnsafeBufferPointer(start: decoded.indices + count * width, count: width))
            count += 1
        }
        return count
    }

    /// Decodes frame `index` into `buffer` (at least ``byteCount(ofFrame:)`` bytes), row-major.
    @discardableResult
    public func decode(frame index: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard index >= 0, index < container.frameCount, buffer.count >= byteCount(ofFrame: index), let base = buffer.baseAddress else { return 0 }
        let width = container.frames[index].rect.width
        return decode(frame: index) { number, row in (base + number * width).update(from: row.baseAddress!, count: width) }
    }
}
