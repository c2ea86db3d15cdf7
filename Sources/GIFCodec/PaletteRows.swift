/// A frame's decoded rows turned into pixels: palette indices looked up as RGBA colours (transparent ones skipped or
/// taken from the canvas below), and how far into an interlaced frame's data its first rows reach. The compositor's
/// inner loops, kept apart from its disposal and canvas bookkeeping.
enum PaletteRows {
    /// How many rows, in the order the data stores them, it takes to reach every one of the frame's first `count` rows.
    static func rowsInDataOrder(coveringFirst count: Int, of frame: FrameRecord) -> Int {
        guard frame.interlaced else { return count }
        guard count > 0 else { return 0 }
        var left = count
        var taken = 0
        for row in InterlacedRows(height: frame.rect.height, interlaced: true) {
            taken += 1
            if row < count {
                left -= 1
                if left == 0 { break }
            }
        }
        return taken
    }

    /// Writes `count` indices from `source` as colours to `destination`, skipping transparent ones.
    @inline(__always)
    static func paint(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt8>, count: Int,
                      table: UnsafeMutablePointer<UInt32>, transparent: Int) {
        if transparent < 0 {
            for x in 0..<count { destination[x] = table[Int(source[x])] }
        } else {
            for x in 0..<count {
                let index = Int(source[x])
                if index != transparent { destination[x] = table[index] }
            }
        }
    }

    /// Writes `count` pixels to `destination`: `source`'s colours, and `base`'s where an index is transparent.
    @inline(__always)
    static func paint(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt8>,
                      over base: UnsafePointer<UInt32>, count: Int, table: UnsafeMutablePointer<UInt32>,
                      transparent: Int) {
        if transparent < 0 {
            for x in 0..<count { destination[x] = table[Int(source[x])] }
        } else {
            for x in 0..<count {
                let index = Int(source[x])
                destination[x] = index == transparent ? base[x] : table[index]
            }
        }
    }

    static func fill(_ table: UnsafeMutablePointer<UInt32>, from palette: Palette?) {
        table.initialize(repeating: UInt32(0xFF00_0000).littleEndian, count: 256)
        guard let palette else { return }
        for (index, color) in palette.colors.prefix(256).enumerated() {
            let packed = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
            table[index] = packed.littleEndian
        }
    }
}
