import CGif

/// Decodes one frame's LZW data into palette indices, one byte per pixel of the frame's own rectangle, rows in
/// display order, without compositing anything: what a decoder that keeps indices rather than RGBA frames stores,
/// and the codec's cost of a frame on its own.
public final class FrameIndexReader {
    public let container: GIFContainer
    private let reader: GiflibReader
    private let line: UnsafeMutableBufferPointer<UInt8>

    public init(container: GIFContainer) throws(GIFError) {
        self.container = container
        reader = try GiflibReader(bytes: container.bytes)
        line = .allocate(capacity: max(1, container.frames.map(\.rect.width).max() ?? 1))
    }

    deinit { line.deallocate() }

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
        reader.position = frame.recordOffset + 1
        guard (try? reader.imageHeader()) != nil, !reader.pastEnd else { return 0 }
        let row = UnsafeBufferPointer(start: line.baseAddress, count: frame.rect.width)
        var rows = InterlacedRows(height: frame.rect.height, interlaced: frame.interlaced)
        var decoded = 0
        while let number = rows.next() {
            guard reader.line(into: line.baseAddress!, count: Int32(frame.rect.width)), !reader.pastEnd else { break }
            body(number, row)
            decoded += 1
        }
        return decoded
    }

    /// Decodes frame `index` into `buffer` (at least ``byteCount(ofFrame:)`` bytes), row-major.
    @discardableResult
    public func decode(frame index: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard index >= 0, index < container.frameCount, buffer.count >= byteCount(ofFrame: index), let base = buffer.baseAddress else { return 0 }
        let width = container.frames[index].rect.width
        return decode(frame: index) { number, row in (base + number * width).update(from: row.baseAddress!, count: width) }
    }
}
