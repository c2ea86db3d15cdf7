import GIFCodec

/// Encodes composited RGBA frames back into a GIF: each frame full-screen, disposed to transparent before the next
/// (disposal 2), so the decoded sequence equals the input. A frame keeps its exact colours when it has at most 255
/// opaque ones (plus transparency); only a frame with more is quantised (to a 6×7×6 colour cube).
public enum RGBAFrameEncoder {
    /// One frame to encode: `width × height` RGBA8 pixels and its raw delay.
    public struct Frame: Sendable {
        public var pixels: [UInt8]
        public var delay: FrameDelay

        public init(pixels: [UInt8], delay: FrameDelay) {
            self.pixels = pixels
            self.delay = delay
        }
    }

    /// How one frame was written.
    public enum Fidelity: Sendable, Equatable {
        case exact
        /// The frame had more than 255 opaque colours and was quantised.
        case quantised(colours: Int)
    }

    public static func encode(width: Int, height: Int, frames: [Frame], netscapeLoopValue: UInt16?) throws(GIFError)
        -> (bytes: [UInt8], fidelity: [Fidelity]) {
        var encoded: [EncoderFrame] = []
        var fidelity: [Fidelity] = []
        for frame in frames {
            guard frame.pixels.count == width * height * 4 else {
                throw .invalidEncoderInput("a frame has \(frame.pixels.count) bytes for a "
                                           + "\(width)x\(height) RGBA canvas")
            }
            let (palette, indices, transparent, outcome) = paletted(frame.pixels)
            encoded.append(EncoderFrame(rect: FrameRect(left: 0, top: 0, width: width, height: height),
                                        indices: indices, localPalette: palette,
                                        delayCentiseconds: frame.delay.centiseconds, disposal: 2,
                                        transparentIndex: transparent))
            fidelity.append(outcome)
        }
        let bytes = try GIFEncoder.encode(EncoderInput(width: width, height: height, globalPalette: nil,
                                                       netscapeLoopValue: netscapeLoopValue, frames: encoded))
        return (bytes, fidelity)
    }

    /// A palette of the frame's own colours when they fit, else the colour cube; fully transparent pixels get their own
    /// index.
    static func paletted(_ pixels: [UInt8]) -> (Palette, [UInt8], UInt8?, Fidelity) {
        let count = pixels.count / 4
        var lookup: [UInt32: UInt8] = [:]
        var colours: [RGB] = []
        var indices = [UInt8](repeating: 0, count: count)
        var hasTransparency = false
        var overflow = false
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for index in 0..<count {
                let word = UInt32(littleEndian: words[index])
                if word >> 24 == 0 { hasTransparency = true; continue }
                let key = word & 0x00FF_FFFF
                if lookup[key] == nil {
                    if colours.count == 255 { overflow = true; return }
                    lookup[key] = UInt8(colours.count)
                    colours.append(RGB(UInt8(key & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key >> 16 & 0xFF)))
                }
            }
        }
        if overflow { return quantised(pixels) }
        let transparent: UInt8? = hasTransparency ? UInt8(colours.count) : nil
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for index in 0..<count {
                let word = UInt32(littleEndian: words[index])
                indices[index] = word >> 24 == 0 ? transparent! : lookup[word & 0x00FF_FFFF]!
            }
        }
        if hasTransparency { colours.append(RGB(0, 0, 0)) }
        if colours.isEmpty { colours = [RGB(0, 0, 0)] }
        return (Palette(colours), indices, transparent, .exact)
    }

    /// 6 × 7 × 6 = 252 colours plus a transparent index.
    static func quantised(_ pixels: [UInt8]) -> (Palette, [UInt8], UInt8?, Fidelity) {
        var colours: [RGB] = []
        for red in 0..<6 { for green in 0..<7 { for blue in 0..<6 {
            colours.append(RGB(UInt8(red * 255 / 5), UInt8(green * 255 / 6), UInt8(blue * 255 / 5)))
        } } }
        let transparent = UInt8(colours.count)
        colours.append(RGB(0, 0, 0))
        var distinct = Set<UInt32>()
        let indices = (0..<(pixels.count / 4)).map { pixel -> UInt8 in
            let r = Int(pixels[pixel * 4]), g = Int(pixels[pixel * 4 + 1]), b = Int(pixels[pixel * 4 + 2])
            guard pixels[pixel * 4 + 3] != 0 else { return transparent }
            if distinct.count < 100_000 { distinct.insert(UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16) }
            return UInt8(((r * 5 + 127) / 255) * 42 + ((g * 6 + 127) / 255) * 6 + (b * 5 + 127) / 255)
        }
        return (Palette(colours), indices, transparent, .quantised(colours: distinct.count))
    }
}
