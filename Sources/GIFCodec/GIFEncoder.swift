import CGif

/// One frame to encode: colour indices for its rectangle and the GCB fields that go with it.
public struct EncoderFrame: Sendable {
    public var rect: FrameRect
    /// `rect.width × rect.height` indices, row-major, top to bottom (the encoder interlaces them itself).
    public var indices: [UInt8]
    public var localPalette: Palette?
    public var delay: FrameDelay
    public var disposal: UInt8
    public var transparentIndex: UInt8?
    public var interlaced: Bool

    public init(rect: FrameRect, indices: [UInt8], localPalette: Palette? = nil, delayCentiseconds: UInt16 = 0,
                disposal: UInt8 = 0, transparentIndex: UInt8? = nil, interlaced: Bool = false) {
        self.rect = rect
        self.indices = indices
        self.localPalette = localPalette
        self.delay = FrameDelay(centiseconds: delayCentiseconds)
        self.disposal = disposal
        self.transparentIndex = transparentIndex
        self.interlaced = interlaced
    }
}

/// A whole animation to encode.
public struct EncoderInput: Sendable {
    public var width: Int
    public var height: Int
    public var globalPalette: Palette?
    public var backgroundIndex: UInt8
    /// NETSCAPE2.0 loop value to write (0 = forever), or `nil` to write no loop extension.
    public var netscapeLoopValue: UInt16?
    public var frames: [EncoderFrame]

    public init(width: Int, height: Int, globalPalette: Palette?, backgroundIndex: UInt8 = 0,
                netscapeLoopValue: UInt16? = 0, frames: [EncoderFrame]) {
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        self.backgroundIndex = backgroundIndex
        self.netscapeLoopValue = netscapeLoopValue
        self.frames = frames
    }
}

/// giflib's `OutputFunc`: appends to the `[UInt8]` passed as user data.
private let appendToArray: OutputFunc = { gif, source, length in
    guard let gif, let source, length > 0,
          let output = gif.pointee.UserData?.assumingMemoryBound(to: [UInt8].self)
    else { return 0 }
    output.pointee.append(contentsOf: UnsafeBufferPointer(start: source, count: Int(length)))
    return length
}

/// Writes GIF89a files with giflib's `EGif*` API.
public enum GIFEncoder {
    /// Encodes `input` into the bytes of a GIF89a file.
    public static func encode(_ input: EncoderInput) throws(GIFError) -> [UInt8] {
        try validate(input)
        let output = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
        output.initialize(to: [])
        defer { output.deinitialize(count: 1); output.deallocate() }
        var error: Int32 = 0
        guard let gif = EGifOpen(output, appendToArray, &error) else { throw .giflib(code: error, operation: "EGifOpen") }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        func check(_ result: Int32, _ operation: String) throws(GIFError) {
            guard result == GIF_OK else { throw .giflib(code: gif.pointee.Error, operation: operation) }
        }
        EGifSetGifVersion(gif, true)
        let global = makeColorMap(input.globalPalette)
        defer { if let global { GifFreeMapObject(global) } }
        try check(EGifPutScreenDesc(gif, Int32(input.width), Int32(input.height), 8, Int32(input.backgroundIndex),
                                    global), "EGifPutScreenDesc")
        if let loop = input.netscapeLoopValue {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
            var name = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &name), "EGifPutExtensionBlock")
            var value: [UInt8] = [1, UInt8(loop & 0xFF), UInt8(loop >> 8)]
            try check(EGifPutExtensionBlock(gif, 3, &value), "EGifPutExtensionBlock")
            try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
        }
        for frame in input.frames {
            var control: [UInt8] = [
                (frame.disposal & 7) << 2 | (frame.transparentIndex == nil ? 0 : 1),
                UInt8(frame.delay.centiseconds & 0xFF), UInt8(frame.delay.centiseconds >> 8),
                frame.transparentIndex ?? 0,
            ]
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control), "EGifPutExtension")
            let local = makeColorMap(frame.localPalette)
            defer { if let local { GifFreeMapObject(local) } }
            if local == nil, let previous = gif.pointee.Image.ColorMap {
                // giflib 5.2.1 drops the previous frame's local map without freeing it when a frame has none.
                GifFreeMapObject(previous)
                gif.pointee.Image.ColorMap = nil
            }
            let rect = frame.rect
            try check(EGifPutImageDesc(gif, Int32(rect.left), Int32(rect.top), Int32(rect.width), Int32(rect.height),
                                       frame.interlaced, local), "EGifPutImageDesc")
            var indices = frame.indices
            try indices.withUnsafeMutableBufferPointer { (pixels) throws(GIFError) in
                for row in InterlacedRows(height: rect.height, interlaced: frame.interlaced) {
                    try check(EGifPutLine(gif, pixels.baseAddress! + row * rect.width, Int32(rect.width)),
                              "EGifPutLine")
                }
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw .giflib(code: error, operation: "EGifCloseFile") }
        return output.pointee
    }

    private static func validate(_ input: EncoderInput) throws(GIFError) {
        guard input.width > 0, input.height > 0, input.width <= 0xFFFF, input.height <= 0xFFFF else {
            throw .invalidEncoderInput("screen \(input.width)x\(input.height) is outside 1...65535")
        }
        for (number, frame) in input.frames.enumerated() {
            let rect = frame.rect
            guard rect.width > 0, rect.height > 0, rect.left >= 0, rect.top >= 0,
                  rect.left + rect.width <= 0xFFFF, rect.top + rect.height <= 0xFFFF else {
                throw .invalidEncoderInput("frame \(number) has rectangle \(rect)")
            }
            guard frame.indices.count == rect.width * rect.height else {
                throw .invalidEncoderInput("frame \(number) has \(frame.indices.count) indices for a "
                                           + "\(rect.width)x\(rect.height) rectangle")
            }
            guard let palette = frame.localPalette ?? input.globalPalette else {
                throw .invalidEncoderInput("frame \(number) has no palette")
            }
            guard (1...256).contains(palette.colors.count) else {
                throw .invalidEncoderInput("frame \(number) has a palette of \(palette.colors.count) colours")
            }
        }
    }

    /// A giflib colour map padded to a power of two, as the format requires.
    private static func makeColorMap(_ palette: Palette?) -> UnsafeMutablePointer<ColorMapObject>? {
        guard let palette, !palette.colors.isEmpty else { return nil }
        var size = 2
        while size < palette.colors.count { size *= 2 }
        var colors = palette.colors.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        return GifMakeMapObject(Int32(size), &colors)
    }
}
