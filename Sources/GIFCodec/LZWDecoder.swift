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
    /// The alphabet (bytes 0 to 255), then the decoded indices; right after the table when large (``makeBlock(_:)``).
    private var storage: UnsafeMutablePointer<UInt8>
    private var indexCapacity: Int
    /// The decoded indices, in the order the data stores the frame's rows.
    var indices: UnsafeMutablePointer<UInt8> { storage + Self.outputStart }
    /// The frame's sub-block payloads joined, followed by 8 zero bytes so that a code is always one 8-byte load.
    private var compressed: UnsafeMutablePointer<UInt8>
    private var compressedCapacity: Int
    /// Entry `code` packs the offset of its string in `storage` (low 32 bits) and its length (high 32 bits). Left
    /// unwritten when allocated: an entry is read only below `nextCode`, and every entry there was written first, by
    /// this table's literals and control codes or by the code that added it
    /// (``run(minimumCodeSize:dataBytes:limit:)``).
    private var table: UnsafeMutablePointer<UInt64>
    /// The minimum code size whose literal and control entries the table holds (entries past them are written before
    /// they are read), so frames of one size skip refilling them.
    private var tableCodeSize = -1

    /// Sized for frames of up to `maxPixels` pixels; larger frames grow the buffers.
    init(maxPixels: Int) {
        indexCapacity = max(1, maxPixels) + Self.outputSlack
        (table, storage) = Self.makeBlock(indexCapacity)
        compressedCapacity = 4096
        compressed = Malloc.allocate(UInt8.self, capacity: compressedCapacity)
    }

    /// The code table's bytes: one 8-byte entry per code.
    static let tableBytes = (maxCode + 1) * MemoryLayout<UInt64>.stride
    /// jemalloc's largest small size: a larger block comes from its arena, a smaller one from the thread cache.
    private static let smallBytes = 14 << 10

    /// Whether the storage for `capacity` indices is over jemalloc's small sizes, and so shares one block with the
    /// table.
    private static func sharesBlock(_ capacity: Int) -> Bool { outputStart + capacity > smallBytes }

    /// The table and the storage for `capacity` indices. Storage over jemalloc's small sizes comes from its arena
    /// however large, so the table goes in front of it: one allocation, not two, and the table beside the strings it
    /// points into. Smaller storage and the table come from the thread cache, each on its own.
    private static func makeBlock(_ capacity: Int) -> (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt8>) {
        let storageBytes = outputStart + capacity
        let table: UnsafeMutablePointer<UInt64>
        let storage: UnsafeMutablePointer<UInt8>
        if sharesBlock(capacity) {
            let block = UnsafeMutableRawPointer(Malloc.allocate(UInt8.self, capacity: tableBytes + storageBytes))
            table = block.bindMemory(to: UInt64.self, capacity: maxCode + 1)
            storage = (block + tableBytes).bindMemory(to: UInt8.self, capacity: storageBytes)
        } else {
            table = Malloc.allocate(UInt64.self, capacity: maxCode + 1)
            storage = Malloc.allocate(UInt8.self, capacity: storageBytes)
        }
        for byte in 0..<outputStart { storage[byte] = UInt8(byte) }
        return (table, storage)
    }

    /// Frees what ``makeBlock(_:)`` allocated for the current `indexCapacity`.
    private func freeBlock() {
        if !Self.sharesBlock(indexCapacity) { Malloc.free(storage) }
        Malloc.free(table)
    }

    deinit {
        freeBlock()
        Malloc.free(compressed)
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
        let dataBytes = gatherSubBlocks(base.assumingMemoryBound(to: UInt8.self), count: bytes.count,
                                        from: codeSizeOffset + 1)
        return run(minimumCodeSize: minimumCodeSize, dataBytes: dataBytes, limit: limit)
    }

    private func reserveIndices(_ pixels: Int) {
        guard pixels + Self.outputSlack > indexCapacity else { return }
        freeBlock()
        indexCapacity = pixels + Self.outputSlack
        (table, storage) = Self.makeBlock(indexCapacity)
        tableCodeSize = -1
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
                let grown = Malloc.allocate(UInt8.self, capacity: 2 * (length + blockLength + 8))
                grown.update(from: compressed, count: length)
                Malloc.free(compressed)
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

    /// Copies `count` bytes and up to 15 more: one 16-byte load and store, which is all most strings need (noisy
    /// frames' and the 5–12-byte strings of medium ones alike, with no branch on the length), then 16 bytes at a time.
    @inline(__always)
    private static func copy(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
                             count: Int) {
        UnsafeMutableRawPointer(destination).storeBytes(
            of: UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        guard count > 16 else { return }
        var offset = 16
        repeat {
            UnsafeMutableRawPointer(destination + offset).storeBytes(
                of: UnsafeRawPointer(source + offset).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset < count
    }

    /// The `width`-bit code at bit `position` of `data` (least significant bit first), read with one 8-byte load.
    @inline(__always)
    private static func code(in data: UnsafeRawPointer, at position: Int, width: Int) -> Int {
        let word = data.loadUnaligned(fromByteOffset: position &>> 3, as: UInt64.self).littleEndian
        return Int(truncatingIfNeeded: (word &>> UInt64(position & 7)) & ((1 as UInt64) &<< UInt64(width) &- 1))
    }

    /// Writes the string of `code` at `start` and returns its length: a table entry's string, or for the code about to
    /// be added (`nextCode`) the previous string and its first byte. Returns 0 for a code with no string: the clear
    /// and end codes, and any code past `nextCode`.
    @inline(__always)
    private static func writeString(_ code: Int, at start: Int, table: UnsafeMutablePointer<UInt64>, nextCode: Int,
                                    alphabet: UnsafeMutablePointer<UInt8>, previousStart: Int,
                                    previousLength: Int) -> Int {
        if code < nextCode, case let entry = table[code], entry &>> 32 != 0 {
            let length = Int(truncatingIfNeeded: entry &>> 32)
            copy(from: alphabet + Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), to: alphabet + start, count: length)
            return length
        }
        guard code == nextCode else { return 0 }
        copy(from: alphabet + previousStart, to: alphabet + start, count: previousLength)
        alphabet[start &+ previousLength] = alphabet[previousStart]
        return previousLength &+ 1
    }

    /// Decodes one frame. giflib widens codes when its running code passes `maxCode1`; after the first code of a
    /// table (which adds no entry) the running code is always `nextCode + 2` (at most 4,097), so a run of codes that
    /// neither widens nor fills the table, and cannot run out of data, needs none of those checks: the inner loop.
    private func run(minimumCodeSize: Int, dataBytes: Int, limit: Int) -> LZWOutcome {
        let alphabet = storage
        let table = self.table
        let data = UnsafeRawPointer(compressed)
        let clear = 1 << minimumCodeSize
        let endOfInformation = clear + 1
        // A literal's string is its byte in the alphabet before the output, so literals and longer codes take one
        // path; the clear and end codes have length 0, which sends them down the rare path.
        if tableCodeSize != minimumCodeSize {
            for code in 0..<clear { table[code] = UInt64(truncatingIfNeeded: code) | 1 << 32 }
            table[clear] = 0
            table[endOfInformation] = 0
            tableCodeSize = minimumCodeSize
        }
        let totalBits = dataBytes &* 8
        var bitPosition = 0
        var position = 0
        var codes = 0

        table: while true {
            // The first code of a table: a literal, or a clear, end or invalid code.
            var runningBits = minimumCodeSize &+ 1
            var maxCode1 = 1 << runningBits
            var nextCode = endOfInformation &+ 1
            guard position < limit else { break table }
            guard bitPosition &+ runningBits <= totalBits else { return LZWOutcome(pixels: position, stop: .dataEnded, codes: codes) }
            let first = Self.code(in: data, at: bitPosition, width: runningBits)
            bitPosition &+= runningBits
            codes &+= 1
            if endOfInformation &+ 2 > maxCode1, runningBits < 12 {
                maxCode1 &<<= 1
                runningBits &+= 1
            }
            if first == clear { continue table }
            if first == endOfInformation { return LZWOutcome(pixels: position, stop: .endCodeTooSoon, codes: codes) }
            guard first < clear else { return LZWOutcome(pixels: position, stop: .invalidCode(first), codes: codes) }
            var previousStart = Self.outputStart &+ position
            alphabet[previousStart] = UInt8(truncatingIfNeeded: first)
            var previousLength = 1
            position &+= 1

            while position < limit {
                let plain = min(maxCode1 &- 1, Self.maxCode &+ 1) &- nextCode
                let safe = min(plain, (totalBits &- bitPosition) / 12)
                if safe > 0 {
                    // `safe` codes that each add an entry, at this width, with their bits present.
                    // Locals only: a variable a closure captured would live in memory, and the chain of bit
                    // positions would wait on a store and a load at every code.
                    var remaining = safe
                    let width = runningBits
                    let mask = (1 as UInt64) &<< UInt64(width) &- 1
                    let segmentStart = bitPosition
                    var bits = bitPosition
                    var stopCode = -1
                    repeat {
                        let word = data.loadUnaligned(fromByteOffset: bits &>> 3, as: UInt64.self).littleEndian
                        let code = Int(truncatingIfNeeded: (word &>> UInt64(bits & 7)) & mask)
                        bits &+= width
                        // ``writeString`` written out: called here, it made noisy frames slower in `bench speed`.
                        let start = Self.outputStart &+ position
                        let length: Int
                        if code < nextCode, case let entry = table[code], entry &>> 32 != 0 {
                            length = Int(truncatingIfNeeded: entry &>> 32)
                            Self.copy(from: alphabet + Int(truncatingIfNeeded: entry & 0xFFFF_FFFF),
                                      to: alphabet + start, count: length)
                        } else if code == nextCode {
                            Self.copy(from: alphabet + previousStart, to: alphabet + start, count: previousLength)
                            alphabet[start &+ previousLength] = alphabet[previousStart]
                            length = previousLength &+ 1
                        } else {
                            stopCode = code
                            break
                        }
                        table[nextCode] = UInt64(truncatingIfNeeded: previousStart) | UInt64(truncatingIfNeeded: previousLength &+ 1) << 32
                        nextCode &+= 1
                        previousStart = start
                        previousLength = length
                        position &+= length
                        remaining &-= 1
                    } while remaining > 0 && position < limit
                    bitPosition = bits
                    codes &+= (bits &- segmentStart) / width
                    if stopCode == clear { continue table }
                    if stopCode >= 0 {
                        return LZWOutcome(pixels: position,
                                          stop: stopCode == endOfInformation ? .endCodeTooSoon : .invalidCode(stopCode),
                                          codes: codes)
                    }
                    continue
                }
                // One code with every check: it widens the codes, meets a full table, or may run out of data.
                guard bitPosition &+ runningBits <= totalBits else { return LZWOutcome(pixels: position, stop: .dataEnded, codes: codes) }
                let code = Self.code(in: data, at: bitPosition, width: runningBits)
                bitPosition &+= runningBits
                codes &+= 1
                if nextCode &+ 1 < Self.maxCode &+ 2, nextCode &+ 2 > maxCode1, runningBits < 12 {
                    maxCode1 &<<= 1
                    runningBits &+= 1
                }
                let start = Self.outputStart &+ position
                let length = Self.writeString(code, at: start, table: table, nextCode: nextCode, alphabet: alphabet,
                                              previousStart: previousStart, previousLength: previousLength)
                if length == 0 {
                    if code == clear { continue table }
                    return LZWOutcome(pixels: position,
                                      stop: code == endOfInformation ? .endCodeTooSoon : .invalidCode(code),
                                      codes: codes)
                }
                if nextCode <= Self.maxCode {
                    table[nextCode] = UInt64(truncatingIfNeeded: previousStart) | UInt64(truncatingIfNeeded: previousLength &+ 1) << 32
                    nextCode &+= 1
                }
                previousStart = start
                previousLength = length
                position &+= length
            }
            break table
        }
        return LZWOutcome(pixels: limit, stop: .complete, codes: codes)
    }
}
