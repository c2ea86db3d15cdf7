/// The fast LZW decoder: the classic design in which each table entry is an (offset, length) pair pointing at where
/// its string was first written into the output, so a code costs one short forward copy instead of a walk down its
/// prefix chain and a stack of single bytes.
///
/// All raw-pointer work of the fast codec is in this file. Every copy's bounds follow from two facts checked here:
/// a string is at most 4,096 bytes and starts before the position it is copied to, and decoding stops at the pixel
/// limit, so `pixels + 4,096 + 16` bytes of output hold any stream, whatever its content. Code widths, the table's
/// growth and its deferred clear follow giflib 5.2.1 (`DGifDecompressInput`) step for step.
///
/// Not thread-safe: one per compositor or index reader.
final class LZWDecoder {
    /// Slack after the pixel limit: the longest string (4,096 bytes) plus 16 bytes a copy may store past its end.
    static let outputSlack = 4096 + 16
    private static let maxCode = 4095

    /// Where the decoded indices start in `storage`: after the 256-byte alphabet that literal codes copy from.
    private static let outputStart = 256
    /// The alphabet (bytes 0 to 255), then the decoded indices.
    private var storage: UnsafeMutablePointer<UInt8>
    private var indexCapacity: Int
    /// The decoded indices, in the order the data stores the frame's rows.
    var indices: UnsafeMutablePointer<UInt8> { storage + Self.outputStart }
    /// The frame's sub-block payloads joined, followed by 8 zero bytes so that a code is always one 8-byte load.
    private var compressed: UnsafeMutablePointer<UInt8>
    private var compressedCapacity: Int
    /// Entry `code` packs the offset of its string in `storage` (low 32 bits) and its length (high 32 bits).
    private let table: UnsafeMutablePointer<UInt64>

    /// Sized for frames of up to `maxPixels` pixels; larger frames grow the buffers.
    init(maxPixels: Int) {
        indexCapacity = max(1, maxPixels) + Self.outputSlack
        storage = Self.makeStorage(indexCapacity)
        compressedCapacity = 4096
        compressed = .allocate(capacity: compressedCapacity)
        table = .allocate(capacity: Self.maxCode + 1)
        table.initialize(repeating: 0, count: Self.maxCode + 1)
    }

    private static func makeStorage(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: outputStart + capacity)
        for byte in 0..<outputStart { storage[byte] = UInt8(byte) }
        return storage
    }

    deinit {
        storage.deallocate()
        compressed.deallocate()
        table.deallocate()
    }

    /// Decodes up to `pixels` indices of the image record (image separator, descriptor, local palette, data)
    /// that starts at `recordOffset` in `bytes`.
    func decode(_ bytes: UnsafeRawBufferPointer, recordOffset: Int, pixels limit: Int) -> LZWOutcome {
        guard limit > 0 else { return LZWOutcome(pixels: 0, stop: .complete) }
        guard recordOffset >= 0, recordOffset + 10 < bytes.count, let base = bytes.baseAddress else {
            return LZWOutcome(pixels: 0, stop: .dataEnded)
        }
        let packed = bytes[recordOffset + 9]
        let codeSizeOffset = recordOffset + 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0)
        guard codeSizeOffset < bytes.count else { return LZWOutcome(pixels: 0, stop: .dataEnded) }
        let minimumCodeSize = Int(bytes[codeSizeOffset])
        guard minimumCodeSize <= 8 else { return LZWOutcome(pixels: 0, stop: .codeSizeTooLarge(minimumCodeSize)) }
        reserveIndices(limit)
        let dataBytes = gatherSubBlocks(base.assumingMemoryBound(to: UInt8.self), count: bytes.count, from: codeSizeOffset + 1)
        return run(minimumCodeSize: minimumCodeSize, dataBytes: dataBytes, limit: limit)
    }

    private func reserveIndices(_ pixels: Int) {
        guard pixels + Self.outputSlack > indexCapacity else { return }
        storage.deallocate()
        indexCapacity = pixels + Self.outputSlack
        storage = Self.makeStorage(indexCapacity)
    }

    /// Joins the sub-blocks starting at `start` up to the terminator; a block cut short by the end of the file is left
    /// out whole, as giflib's reader gives no row decoded from it. Returns the payload length.
    private func gatherSubBlocks(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var position = start
        var length = 0
        while position < count {
            let blockLength = Int(bytes[position])
            guard blockLength > 0, position + 1 + blockLength <= count else { break }
            if length + blockLength + 8 > compressedCapacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (length + blockLength + 8))
                grown.update(from: compressed, count: length)
                compressed.deallocate()
                compressed = grown
                compressedCapacity = 2 * (length + blockLength + 8)
            }
            (compressed + length).update(from: bytes + position + 1, count: blockLength)
            length += blockLength
            position += 1 + blockLength
        }
        (compressed + length).update(repeating: 0, count: 8)
        return length
    }

    /// Copies `count` bytes and up to 16 more: two 8-byte loads, two stores, and a loop only for strings over 16 bytes,
    /// so the short strings of noisy frames take no data-dependent branch.
    @inline(__always)
    private static func copy(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let low = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(source + 8).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: low, as: UInt64.self)
        UnsafeMutableRawPointer(destination + 8).storeBytes(of: high, as: UInt64.self)
        guard count > 16 else { return }
        var offset = 16
        repeat {
            UnsafeMutableRawPointer(destination + offset).storeBytes(
                of: UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self), as: UInt64.self)
            offset &+= 8
        } while offset < count
    }

    private func run(minimumCodeSize: Int, dataBytes: Int, limit: Int) -> LZWOutcome {
        let alphabet = storage
        let table = self.table
        let data = UnsafeRawPointer(compressed)
        let clear = 1 << minimumCodeSize
        let endOfInformation = clear + 1
        // A literal's string is its byte in the alphabet before the output, so literals and longer codes take one
        // path; the clear and end codes have length 0, which sends them down the rare path.
        for code in 0..<clear { table[code] = UInt64(truncatingIfNeeded: code) | 1 << 32 }
        table[clear] = 0
        table[endOfInformation] = 0
        let totalBits = dataBytes &* 8
        var bitPosition = 0
        var runningBits = minimumCodeSize &+ 1
        var maxCode1 = 1 << runningBits
        var runningCode = endOfInformation &+ 1
        var nextCode = endOfInformation &+ 1
        var previousStart = -1
        var previousLength = 0
        var position = 0
        var codes = 0
        while position < limit {
            guard bitPosition &+ runningBits <= totalBits else { return LZWOutcome(pixels: position, stop: .dataEnded, codes: codes) }
            let word = data.loadUnaligned(fromByteOffset: bitPosition &>> 3, as: UInt64.self).littleEndian
            let code = Int(truncatingIfNeeded: (word &>> UInt64(bitPosition & 7)) & ((1 as UInt64) &<< UInt64(runningBits) &- 1))
            bitPosition &+= runningBits
            codes &+= 1
            if runningCode < Self.maxCode &+ 2 {
                runningCode &+= 1
                if runningCode > maxCode1, runningBits < 12 {
                    maxCode1 &<<= 1
                    runningBits &+= 1
                }
            }
            let start = Self.outputStart &+ position
            let length: Int
            if code < nextCode, case let entry = table[code], entry &>> 32 != 0 {
                length = Int(truncatingIfNeeded: entry &>> 32)
                Self.copy(from: alphabet + Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), to: alphabet + start, count: length)
            } else if code == clear {
                runningBits = minimumCodeSize &+ 1
                maxCode1 = 1 << runningBits
                runningCode = endOfInformation &+ 1
                nextCode = endOfInformation &+ 1
                previousStart = -1
                continue
            } else if code == endOfInformation {
                return LZWOutcome(pixels: position, stop: .endCodeTooSoon, codes: codes)
            } else if code == nextCode, previousStart >= 0 {
                Self.copy(from: alphabet + previousStart, to: alphabet + start, count: previousLength)
                alphabet[start &+ previousLength] = alphabet[previousStart]
                length = previousLength &+ 1
            } else {
                return LZWOutcome(pixels: position, stop: .invalidCode(code), codes: codes)
            }
            if previousStart >= 0, nextCode <= Self.maxCode {
                table[nextCode] = UInt64(truncatingIfNeeded: previousStart) | UInt64(truncatingIfNeeded: previousLength &+ 1) << 32
                nextCode &+= 1
            }
            previousStart = start
            previousLength = length
            position &+= length
        }
        return LZWOutcome(pixels: limit, stop: .complete, codes: codes)
    }
}
