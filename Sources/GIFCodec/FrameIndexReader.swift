import CGif

/// Decodes one frame's LZW data into palette indices, one byte per pixel of the frame's own rectangle, rows in
/// display order, without compositing anything: what a decoder that keeps indices rather than RGBA frames stores,
/// and the codec's cost of a frame on its own.
public final class FrameIndexReader {
    public let container: GIFContainer
    public let codec: LZWCodec
    private let reader: GiflibReader
    private let lzw: LZWDecoder
    private let line: UnsafeMutableBufferPointer<UInt8>
    /// What the fast codec made of the last frame (`nil` with giflib, or before the first decode).
    public private(set) var lastOutcome: LZWOutcome?
    /// How the fast codec's last frame ended.
    public var lastStop: LZWStop? { lastOutcome?.stop }

    public init(container: GIFContainer, codec: LZWCodec = .default) throws(GIFError) {
        self.container = container
        self.codec = codec
        reader = try GiflibReader(bytes: container.bytes)
        lzw = LZWDecoder(maxPixels: codec == .fast ? container.frames.map { $0.rect.width * $0.rect.height }.max() ?? 1 : 0)
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
        if codec == .fast { return decodeWithFastLZW(frame, eachRow: body) }
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

    private func decodeWithFastLZW(_ frame: FrameRecord, eachRow body: (Int, UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        let width = frame.rect.width
        let outcome = lzw.decode(container.bytes.buffer, recordOffset: frame.recordOffset, pixels: width * frame.rect.height)
        lastOutcome = outcome
        var rows = InterlacedRows(height: frame.rect.height, interlaced: frame.interlaced)
        var decoded = 0
        while decoded < outcome.pixels / width, let number = rows.next() {
            body(number, UnsafeBufferPointer(start: lzw.indices + decoded * width, count: width))
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
