import CGif

/// Where giflib's memory reader is in the compressed bytes.
struct ReadCursor {
    var base: UnsafeRawPointer?
    var count: Int
    var position: Int
    /// A read asked for bytes past the end; they were given as zeros (see `readFromCursor`).
    var pastEnd = false
}

/// giflib's `InputFunc` over a `ReadCursor` passed as user data.
///
/// A read past the end is completed with zeros and flagged, rather than cut short: giflib reads LZW data a whole
/// sub-block at a time, so a short read would lose the rows that a truncated file's last block still holds. The
/// zeros end the block chain (a zero length is a terminator); readers check `pastEnd` and stop before using a
/// row that needed them.
private let readFromCursor: InputFunc = { gif, destination, requested in
    guard let gif, let destination, requested > 0,
          let cursor = gif.pointee.UserData?.assumingMemoryBound(to: ReadCursor.self)
    else { return 0 }
    let available = max(0, cursor.pointee.count - cursor.pointee.position)
    let length = min(Int(requested), available)
    if length > 0, let base = cursor.pointee.base {
        destination.update(from: base.advanced(by: cursor.pointee.position).assumingMemoryBound(to: UInt8.self),
                           count: length)
        cursor.pointee.position += length
    }
    if length < Int(requested) {
        (destination + length).update(repeating: 0, count: Int(requested) - length)
        cursor.pointee.pastEnd = true
    }
    return requested
}

/// A giflib decoding handle over bytes in memory: the only place that calls `DGif*`.
///
/// Not thread-safe; each reader belongs to one index pass or one compositor.
final class GiflibReader {
    let handle: UnsafeMutablePointer<GifFileType>
    private let cursor: UnsafeMutablePointer<ReadCursor>
    private let bytes: GIFBytes

    init(bytes: GIFBytes) throws(GIFError) {
        guard bytes.count > 0 else { throw .empty }
        let signature = Array(bytes.buffer.prefix(6))
        guard signature.count == 6 else { throw .notAGIF }
        guard signature == Array("GIF87a".utf8) || signature == Array("GIF89a".utf8) else {
            throw AnimationFormat(sniffing: bytes.buffer) == .webp ? .webpNotPlayable : .notAGIF
        }
        self.bytes = bytes
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: ReadCursor(base: bytes.buffer.baseAddress, count: bytes.count, position: 0))
        var error: Int32 = 0
        guard let handle = DGifOpen(cursor, readFromCursor, &error) else {
            cursor.deallocate()
            throw error == D_GIF_ERR_NOT_GIF_FILE ? .notAGIF : (error == D_GIF_ERR_READ_FAILED ? .truncatedHeader : .giflib(code: error, operation: "DGifOpen"))
        }
        self.handle = handle
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(handle, &error)
        cursor.deallocate()
    }

    /// Where the next read starts; setting it also clears ``pastEnd``.
    var position: Int {
        get { cursor.pointee.position }
        set {
            cursor.pointee.position = newValue
            cursor.pointee.pastEnd = false
        }
    }

    /// Some read since the last seek ran past the end of the bytes (and was padded with zeros).
    var pastEnd: Bool { cursor.pointee.pastEnd }

    var lastError: Int32 { handle.pointee.Error }

    func fail(_ operation: String) -> GIFError { .giflib(code: handle.pointee.Error, operation: operation) }

    func recordType() throws(GIFError) -> GifRecordType {
        var type = UNDEFINED_RECORD_TYPE
        guard DGifGetRecordType(handle, &type) == GIF_OK else { throw fail("DGifGetRecordType") }
        return type
    }

    /// Reads an image descriptor (and local palette) and primes LZW decoding, without keeping anything per frame.
    func imageHeader() throws(GIFError) {
        guard DGifGetImageHeader(handle) == GIF_OK else { throw fail("DGifGetImageHeader") }
    }

    /// Skips the current frame's compressed sub-blocks.
    func skipImageData() throws(GIFError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetCode(handle, &codeSize, &block) == GIF_OK else { throw fail("DGifGetCode") }
        while block != nil {
            guard DGifGetCodeNext(handle, &block) == GIF_OK else { throw fail("DGifGetCodeNext") }
        }
    }

    /// Decodes one row of colour indices of the current frame.
    @inline(__always)
    func line(into destination: UnsafeMutablePointer<UInt8>, count: Int32) -> Bool {
        DGifGetLine(handle, destination, count) == GIF_OK
    }

    /// Reads one extension record: its function code and its first `kept` sub-blocks, each as its own array.
    /// The sub-blocks after those are read and dropped, so an extension split into millions of one-byte sub-blocks
    /// costs no memory (no extension this reader knows needs more than two).
    func extensionRecord(keeping kept: Int = 2) throws(GIFError) -> (code: Int32, blocks: [[UInt8]]) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetExtension(handle, &code, &block) == GIF_OK else { throw fail("DGifGetExtension") }
        var blocks: [[UInt8]] = []
        while let current = block {
            if blocks.count < kept {
                blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: Int(current[0]))))
            }
            guard DGifGetExtensionNext(handle, &block) == GIF_OK else { throw fail("DGifGetExtensionNext") }
        }
        return (code, blocks)
    }

    static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> Palette? {
        guard let map, let colors = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        return Palette((0..<Int(map.pointee.ColorCount)).map { RGB(colors[$0].Red, colors[$0].Green, colors[$0].Blue) })
    }
}

/// giflib's error texts, without its static C strings.
enum GiflibCall {
    static func message(for code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "unknown error" }
        return String(cString: text)
    }
}
