import Mutants

/// The screen before a frame, as a frame drawn into a buffer of its own reads it: the last frame's pixels, except in the
/// rectangle a disposal 2 cleared, which reads transparent. The last frame itself is kept as it was, so the clearing is
/// applied as the new frame's pixels are written, each pixel once, not to a copy written first.
struct ScreenBefore {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    /// The cleared rectangle, clipped to the screen (x0 ..< x1, y0 ..< y1); empty when nothing was cleared.
    let cleared: (x0: Int, x1: Int, y0: Int, y1: Int)

    /// The last frame as it is, nothing cleared.
    init(_ pixels: UnsafePointer<UInt32>, width: Int) {
        self.init(pixels, width: width, cleared: (0, 0, 0, 0))
    }

    init(_ pixels: UnsafePointer<UInt32>, width: Int, cleared: (x0: Int, x1: Int, y0: Int, y1: Int)) {
        self.pixels = pixels
        self.width = width
        self.cleared = Mutant.partClearedReadAsKept.isPlanted ? (0, 0, 0, 0) : cleared
    }

    /// Whether row `y` crosses the cleared rectangle.
    func clears(row y: Int) -> Bool { cleared.x0 < cleared.x1 && y >= cleared.y0 && y < cleared.y1 }

    /// Writes pixels `x ..< x + count` of row `y` to `destination`, which points at that row's pixel `x`.
    func copy(row y: Int, from x: Int, count: Int, to destination: UnsafeMutablePointer<UInt32>) {
        let source = pixels + y * width + x
        guard clears(row: y) else {
            destination.update(from: source, count: count)
            return
        }
        // The cleared span within x ..< end, as offsets from x.
        let end = x + count
        let start = min(max(cleared.x0, x), end) - x, stop = min(max(cleared.x1, x), end) - x
        destination.update(from: source, count: start)
        (destination + start).update(repeating: 0, count: stop - start)
        (destination + stop).update(from: source + stop, count: count - stop)
    }

    /// Writes rows `rows` whole to `canvas` (the screen's first pixel).
    func copy(rows: Range<Int>, to canvas: UnsafeMutablePointer<UInt32>) {
        guard !rows.isEmpty else { return }
        guard cleared.x0 < cleared.x1, rows.overlaps(cleared.y0..<cleared.y1) else {
            (canvas + rows.lowerBound * width).update(from: pixels + rows.lowerBound * width, count: rows.count * width)
            return
        }
        for y in rows { copy(row: y, from: 0, count: width, to: canvas + y * width) }
    }
}
