/// A rectangle in logical-screen coordinates, as a GIF image descriptor states it (may exceed the screen).
public struct FrameRect: Sendable, Hashable, CustomStringConvertible {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int

    public init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(left)+\(top)" }
}

/// Everything the index knows about one frame, enough to decode it without reading the file again from the start.
public struct FrameRecord: Sendable, Hashable {
    /// The frame's rectangle as stored.
    public var rect: FrameRect
    /// The local colour table, if the frame has one (it wins over the global one).
    public var localPalette: Palette?
    // The small fields are declared together, so that a record stays 64 bytes: an index of 10 000 frames under 1 MiB.
    public var delay: FrameDelay
    /// Rows are stored in the four-pass interlaced order.
    public var interlaced: Bool
    public var disposal: Disposal
    /// The raw disposal bits of the GCB (0–7), before mapping.
    public var rawDisposal: UInt8
    /// The frame's compressed data ended early (truncated file).
    public var truncated: Bool
    /// Pixels with this index leave the canvas unchanged.
    public var transparentIndex: UInt8?
    /// Byte offset of the image separator (`0x2C`) that starts the frame's image record.
    public var recordOffset: Int

    public init(rect: FrameRect, localPalette: Palette? = nil, interlaced: Bool = false, rawDisposal: UInt8 = 0,
                transparentIndex: UInt8? = nil, delay: FrameDelay = FrameDelay(centiseconds: 0),
                recordOffset: Int = 0, truncated: Bool = false) {
        self.rect = rect
        self.localPalette = localPalette
        self.interlaced = interlaced
        self.rawDisposal = rawDisposal
        self.disposal = Disposal(raw: rawDisposal)
        self.transparentIndex = transparentIndex
        self.delay = delay
        self.recordOffset = recordOffset
        self.truncated = truncated
    }
}
