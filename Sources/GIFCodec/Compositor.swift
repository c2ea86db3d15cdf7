import CGif
import PosixThreads

/// Turns frame records into full-screen RGBA canvases following the browser conventions in docs/decoding.md ("Pixel
/// conventions").
///
/// Holds one canvas, one buffer the canvas's size for the rectangle a disposal-3 frame must put back (only when the GIF
/// uses disposal 3), one index buffer the size of the largest
/// frame (1 byte per pixel) and, with giflib, one giflib handle: nothing proportional to the frame count — unless it
/// keeps indices (``init(container:limits:codec:keepsIndices:)``), when it also holds every frame's indices once
/// decoded and never decodes a frame's LZW twice. Not thread-safe: one owner at a time.
public final class Compositor {
    public let container: GIFContainer
    /// The LZW decoder frames are drawn with.
    public let codec: LZWCodec
    private let decoder: FrameRowDecoder
    private let store: FrameIndexStore?
    private let pixelCount: Int
    /// The canvas frames are drawn on: the compositor's own, or the caller's buffer of the last ``advance(into:)``.
    private var canvas: UnsafeMutablePointer<UInt32>
    private let ownCanvas: UnsafeMutablePointer<UInt32>
    /// Whether the canvas is to start all transparent but has not been cleared yet: a compositor that only ever draws
    /// into its caller's buffers never writes its own canvas.
    private var clearingDue = true
    private let savedCanvas: UnsafeMutablePointer<UInt32>?
    private let globalTable: UnsafeMutablePointer<UInt32>
    private let localTable: UnsafeMutablePointer<UInt32>
    private var pendingDisposal: (disposal: Disposal, rect: FrameRect)?
    /// The frame the next ``advance()`` draws.
    public private(set) var nextFrame = 0
    /// Rows of the last drawn frame that came out of the decoder (all of them for a complete frame).
    public private(set) var rowsDecoded = 0
    /// Whether LZW decodes are timed into ``lzwSeconds`` (two reads of the thread's CPU clock a frame; off by default).
    public var timesLZW = false
    /// CPU seconds the calling threads spent in LZW decodes so far, by their own clocks, while ``timesLZW`` was on.
    public private(set) var lzwSeconds = 0.0

    /// Allocates the canvas; throws when the screen is over `limits`. With `keepsIndices`, each frame's decoded
    /// indices are kept after its first decode and later draws composite from them.
    public init(container: GIFContainer, limits: DecodeLimits = .default, codec: LZWCodec = .default,
                keepsIndices: Bool = false) throws(GIFError) {
        try limits.check(container)
        self.container = container
        self.codec = codec
        decoder = try FrameRowDecoder(container: container, codec: codec)
        store = keepsIndices ? FrameIndexStore(frameCount: container.frameCount) : nil
        pixelCount = container.width * container.height
        ownCanvas = Malloc.allocate(UInt32.self, capacity: pixelCount)
        canvas = ownCanvas
        if container.savesCanvas {
            savedCanvas = Malloc.allocate(UInt32.self, capacity: pixelCount)  // read only where ``saveIfRestored(_:from:)`` wrote it
        } else {
            savedCanvas = nil
        }
        globalTable = .allocate(capacity: 256)
        localTable = .allocate(capacity: 256)
        PaletteRows.fill(globalTable, from: container.globalPalette)
    }

    deinit {
        Malloc.free(ownCanvas)
        if let savedCanvas { Malloc.free(savedCanvas) }
        globalTable.deallocate()
        localTable.deallocate()
    }

    /// Bytes of frame indices kept so far (0 unless the compositor keeps indices); readable from any thread.
    public var keptIndexBytes: Int { store?.bytes ?? 0 }

    /// How many times a frame's LZW data has been decoded so far, counted only when the compositor keeps indices
    /// (then once per frame in all, however many loops are drawn); 0 otherwise. Readable from any thread.
    public var lzwDecodes: Int { store?.decodes ?? 0 }

    /// The canvas after the last drawn frame: width × height RGBA8 pixels, straight alpha.
    public var pixels: UnsafeRawBufferPointer {
        clearIfDue()
        return UnsafeRawBufferPointer(start: canvas, count: pixelCount * 4)
    }

    private func clearIfDue() {
        guard clearingDue else { return }
        canvas.update(repeating: 0, count: pixelCount)
        clearingDue = false
    }

    /// Starts over from frame 0 on an all-transparent canvas (what a new loop does).
    public func reset() {
        canvas = ownCanvas
        clearingDue = true
        pendingDisposal = nil
        nextFrame = 0
    }

    /// Draws frame `index`, replaying earlier frames first when it is not the next one.
    @discardableResult
    public func composite(frame index: Int) throws(GIFError) -> FrameStatus {
        guard index >= 0, index < container.frameCount else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        if index < nextFrame { reset() }
        while nextFrame < index { advance() }
        return advance()
    }

    /// Draws the next frame, wrapping to a fresh canvas after the last one.
    @discardableResult
    public func advance() -> FrameStatus { advance(clearingTransparent: false) }

    /// Draws the next frame; with `clearingTransparent`, pixels of its transparent index are written transparent
    /// instead of left as they were (the same, on a canvas known to be all transparent under the frame).
    private func advance(clearingTransparent: Bool) -> FrameStatus {
        if nextFrame >= container.frameCount { reset() }
        let index = nextFrame
        nextFrame += 1
        let frame = container.frames[index]
        clearIfDue()
        applyPendingDisposal()
        saveIfRestored(frame, from: canvas)
        pendingDisposal = (frame.disposal, frame.rect)
        return draw(frame, index: index, clearingTransparent: clearingTransparent)
    }

    /// Draws the next frame into the canvas, every pixel of it written once: from the frame, or from `base` (the
    /// screen before the frame, which no pending disposal changes) where the frame leaves it as it was.
    private func advance(over base: UnsafePointer<UInt32>) -> FrameStatus {
        let index = nextFrame
        nextFrame += 1
        let frame = container.frames[index]
        saveIfRestored(frame, from: base)
        pendingDisposal = (frame.disposal, frame.rect)
        return draw(frame, index: index, clearingTransparent: false, over: base)
    }

    /// Drawing touches the frame's rectangle only, so that is all disposal 3 must put back: saved row by row from the
    /// screen before the frame, instead of the whole canvas saved and restored around every such frame.
    private func saveIfRestored(_ frame: FrameRecord, from screen: UnsafePointer<UInt32>) {
        guard frame.disposal == .previous, let savedCanvas else { return }
        let (x0, x1, y0, y1) = clip(frame.rect)
        for y in y0..<y1 {
            (savedCanvas + (y - y0) * (x1 - x0)).update(from: screen + y * container.width + x0, count: x1 - x0)
        }
    }

    /// Draws the next frame straight into `destination` (the screen's RGBA pixels, which it overwrites whole) and makes
    /// it the canvas: ``pixels`` is then `destination`, and the next frame starts from it. A frame that covers the
    /// screen and completes is drawn alone when it is opaque, or when the screen under it is all transparent (nothing
    /// drawn yet, or the frame before cleared it whole); any other frame is drawn over the canvas before it, each pixel
    /// written once, from the frame or from that canvas (`advance(over:)`), or, after a disposal 2 or 3 changed the
    /// screen, on a copy of it. So a decoder keeping every frame writes each one once, not on a canvas and then in a
    /// copy. `destination` must stay allocated until the next call or ``reset()``.
    @discardableResult
    public func advance(into destination: UnsafeMutableRawBufferPointer) -> FrameStatus {
        precondition(destination.count >= pixelCount * 4, "a destination smaller than the screen")
        if nextFrame >= container.frameCount { reset() }
        let target = destination.baseAddress!.assumingMemoryBound(to: UInt32.self)
        let base = canvas
        let frame = container.frames[nextFrame]
        let blank = clearingDue || pendingDisposal.map {
            $0.disposal == .background && coversScreen($0.rect)
        } == true
        clearingDue = false
        canvas = target
        if frame.disposal != .previous && coversScreen(frame.rect) && (frame.transparentIndex == nil || blank) {
            let disposal = pendingDisposal
            pendingDisposal = nil  // every pixel is drawn over
            let status = advance(clearingTransparent: blank)
            if status == .complete { return status }
            // Drawing stopped early: the rows it did not reach show the canvas before it, so draw it again on that.
            nextFrame -= 1
            pendingDisposal = disposal
        }
        if blank {
            target.update(repeating: 0, count: pixelCount)
            pendingDisposal = nil
            return advance()
        }
        let keepsScreen = pendingDisposal.map { $0.disposal == .keep || $0.disposal == .unspecified } ?? true
        if keepsScreen && base != target {
            // The screen before the frame is the last frame as it is: each pixel is written once, from the frame where
            // it draws and from the last frame elsewhere, instead of a copy of the last frame drawn over.
            return advance(over: base)
        }
        target.update(from: base, count: pixelCount)
        return advance()
    }

    /// Whether `rect` covers the whole screen.
    private func coversScreen(_ rect: FrameRect) -> Bool {
        rect.left <= 0 && rect.top <= 0 && rect.left + rect.width >= container.width && rect.top + rect.height >= container.height
    }

    private func applyPendingDisposal() {
        guard let (disposal, rect) = pendingDisposal else { return }
        switch disposal {
        case .background:
            let (x0, x1, y0, y1) = clip(rect)
            guard x0 < x1 else { return }
            for y in y0..<y1 {
                (canvas + y * container.width + x0).update(repeating: 0, count: x1 - x0)
            }
        case .previous:
            guard let savedCanvas else { return }
            let (x0, x1, y0, y1) = clip(rect)
            for y in y0..<y1 {
                (canvas + y * container.width + x0).update(from: savedCanvas + (y - y0) * (x1 - x0), count: x1 - x0)
            }
        case .unspecified, .keep:
            break
        }
    }

    private func clip(_ rect: FrameRect) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        let x0 = max(0, rect.left), x1 = min(container.width, rect.left + rect.width)
        let y0 = max(0, rect.top), y1 = min(container.height, rect.top + rect.height)
        return x0 < x1 && y0 < y1 ? (x0, x1, y0, y1) : (0, 0, 0, 0)
    }

    /// Draws `frame` on the canvas; `over` a screen, writes the canvas whole: the frame's pixels, and `base`'s
    /// wherever the frame leaves the screen as it was (outside its rectangle, its transparent index, rows not decoded).
    private func draw(_ frame: FrameRecord, index: Int, clearingTransparent: Bool,
                      over base: UnsafePointer<UInt32>? = nil) -> FrameStatus {
        rowsDecoded = 0
        let table: UnsafeMutablePointer<UInt32>
        if let local = frame.localPalette {
            PaletteRows.fill(localTable, from: local)
            table = localTable
        } else if container.globalPalette != nil {
            table = globalTable
        } else {
            if let base { canvas.update(from: base, count: pixelCount) }
            return .partial(.missingPalette(frame: index))
        }
        let (x0, x1, _, y1) = clip(frame.rect)
        guard x0 < x1 else {
            if let base { canvas.update(from: base, count: pixelCount) }
            rowsDecoded = frame.rect.height
            return .complete
        }
        let transparentIndex = frame.transparentIndex.map(Int.init) ?? -1
        // Clearing, the transparent index is drawn as a colour of its own, transparent black: one loop writes every
        // pixel.
        let clearedColour = clearingTransparent && transparentIndex >= 0 ? table[transparentIndex] : nil
        if clearedColour != nil { table[transparentIndex] = 0 }
        defer { if let clearedColour { table[transparentIndex] = clearedColour } }
        let transparent = clearedColour == nil ? transparentIndex : -1
        // Only rows above the screen's bottom edge land anywhere: once every one of them is drawn (at the first row
        // below it without interlace; after the pass that holds the last of them with it), the rest is not decoded.
        let onScreenRows = max(0, min(frame.rect.height, y1 - frame.rect.top))
        let kept = store?.rows(of: index)
        let decoded = kept ?? decodeRows(of: frame, index: index, onScreenRows: onScreenRows)
        var rows = InterlacedRows(height: frame.rect.height, interlaced: frame.interlaced)
        var source = decoded.indices + (x0 - frame.rect.left)
        // The canvas and the count in locals: a class's stored property is checked for exclusive access on each use.
        let canvas = self.canvas
        let width = container.width
        if let base {
            // The rows above and below the frame's rectangle show the screen before it.
            let below = (frame.rect.top + onScreenRows) * width
            canvas.update(from: base, count: frame.rect.top * width)
            (canvas + below).update(from: base + below, count: pixelCount - below)
        }
        var drawn = 0
        for _ in 0..<decoded.rows {
            guard let row = rows.next() else { break }
            drawn += 1
            if row < onScreenRows {
                let line = (frame.rect.top + row) * width
                if let base {
                    (canvas + line).update(from: base + line, count: x0)
                    PaletteRows.paint(canvas + line + x0, from: source, over: base + line + x0, count: x1 - x0,
                                      table: table, transparent: transparent)
                    (canvas + line + x1).update(from: base + line + x1, count: width - x1)
                } else {
                    PaletteRows.paint(canvas + line + x0, from: source, count: x1 - x0, table: table,
                                      transparent: transparent)
                }
            }
            source += frame.rect.width
        }
        rowsDecoded = drawn
        if let base {
            // Rows the data did not reach show the screen before the frame.
            while let row = rows.next() {
                guard row < onScreenRows else { continue }
                let line = (frame.rect.top + row) * width
                (canvas + line).update(from: base + line, count: width)
            }
        }
        return decoded.status
    }

    /// Decodes the rows of `frame` that reach the screen, keeping them when the compositor keeps indices.
    private func decodeRows(of frame: FrameRecord, index: Int, onScreenRows: Int) -> DecodedRows {
        let start = timesLZW ? ThreadCPUClock.now() : 0
        let decoded = decoder.decode(frame, rows: PaletteRows.rowsInDataOrder(coveringFirst: onScreenRows, of: frame))
        if timesLZW { lzwSeconds += ThreadCPUClock.now() - start }
        store?.countDecode()
        return store?.keep(decoded, width: frame.rect.width, as: index) ?? decoded
    }
}
