import FuzzDriver
import GIFCodec

// Differential libFuzzer target: the fast LZW decoder against giflib's on any bytes. Every frame must give the same
// indices row for row, except where docs/decoding.md ("Codecs") states a difference:
//   - at a code not yet in the table, the fast decoder ends the frame (as browsers do); giflib invents a string and
//     goes on, so its rows may run longer, and the fast rows must be a prefix of giflib's;
//   - when a frame's sub-blocks are cut by the end of the file after its last pixel, giflib drops the frame's last row
//     (its reader flags the cut while skipping the remaining blocks); the fast decoder keeps it.
// Anything else traps, so libFuzzer saves the input. When every frame's rows agree, the composited canvases, rows
// drawn and statuses over two loops must agree too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = GIFBytes(UnsafeRawBufferPointer(start: start, count: count))
    guard let container = try? GIFContainer(bytes: bytes) else { return 0 }
    // Small pictures keep the run at hundreds of inputs a second: the LZW paths, not the pixel count, are the target.
    let limits = DecodeLimits(maxCanvasPixels: 262_144)
    guard (try? limits.check(container)) != nil,
          container.frames.reduce(0, { $0 + $1.rect.width * $1.rect.height }) <= 1_000_000,
          let fast = try? FrameIndexReader(container: container, codec: .fast),
          let giflib = try? FrameIndexReader(container: container, codec: .giflib)
    else { return 0 }
    var everyFrameAlike = true
    for index in 0..<container.frameCount {
        let (ours, ourRows) = rows(of: index, fast)
        let (theirs, theirRows) = rows(of: index, giflib)
        let width = container.frames[index].rect.width
        let common = min(ourRows.count, theirRows.count)
        precondition(ours.prefix(common * width) == theirs.prefix(common * width) && ourRows.prefix(common) == theirRows.prefix(common),
                     "frame \(index): the codecs' rows differ")
        if ourRows.count == theirRows.count { continue }
        everyFrameAlike = false
        if case .invalidCode = fast.lastStop, ourRows.count < theirRows.count { continue }
        precondition(container.frames[index].truncated && ourRows.count == theirRows.count + 1 && ourRows.count == container.frames[index].rect.height,
                     "frame \(index): \(ourRows.count) rows with fast, \(theirRows.count) with giflib (fast stopped: \(fast.lastStop.map { "\($0)" } ?? "-"))")
    }
    guard everyFrameAlike,
          let fastCanvas = try? Compositor(container: container, limits: limits, codec: .fast),
          let giflibCanvas = try? Compositor(container: container, limits: limits, codec: .giflib)
    else { return 0 }
    for index in 0..<min(2 * container.frameCount, 200) {
        let ours = fastCanvas.advance(), theirs = giflibCanvas.advance()
        let frame = index % container.frameCount
        precondition(fastCanvas.rowsDecoded == giflibCanvas.rowsDecoded, "frame \(frame): rows drawn differ")
        precondition((ours == .complete) == (theirs == .complete), "frame \(frame): complete with one codec only")
        precondition(fastCanvas.pixels.elementsEqual(giflibCanvas.pixels), "frame \(frame): canvases differ")
    }
    return 0
}

/// Frame `index`'s rows as one array, and their display row numbers, in data order.
func rows(of index: Int, _ reader: FrameIndexReader) -> ([UInt8], [Int]) {
    var indices: [UInt8] = [], numbers: [Int] = []
    indices.reserveCapacity(reader.byteCount(ofFrame: index))
    reader.decode(frame: index) { number, row in
        indices.append(contentsOf: row)
        numbers.append(number)
    }
    return (indices, numbers)
}

// SwiftPM links an executable target's entry point as `<target>_main`; hand control to libFuzzer's driver there.
@_cdecl("lzw_diff_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { fuzzOneInput($0, $1) }
}
