import GIFCodec

/// Small GIFs with known pixels, built with the project's encoder.
enum HandBuilt {
    /// 0 red, 1 green, 2 blue, 3 white.
    static let palette = Palette([RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255)])
    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let white: [UInt8] = [255, 255, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    static func frame(_ left: Int, _ top: Int, _ width: Int, _ height: Int, fill: UInt8, disposal: UInt8 = 0,
                      transparent: UInt8? = nil, delay: UInt16 = 10, palette: Palette? = nil) -> EncoderFrame {
        EncoderFrame(rect: FrameRect(left: left, top: top, width: width, height: height),
                     indices: Array(repeating: fill, count: width * height), localPalette: palette,
                     delayCentiseconds: delay, disposal: disposal, transparentIndex: transparent)
    }

    static func container(width: Int = 4, height: Int = 4, loop: UInt16? = 0, global: Palette? = palette,
                          _ frames: [EncoderFrame]) throws -> GIFContainer {
        let bytes = try GIFEncoder.encode(EncoderInput(width: width, height: height, globalPalette: global,
                                                      netscapeLoopValue: loop, frames: frames))
        return try GIFContainer(bytes: GIFBytes(bytes))
    }

    /// Every composited frame as RGBA bytes.
    static func frames(_ container: GIFContainer) throws -> [[UInt8]] {
        let compositor = try Compositor(container: container)
        return (0..<container.frameCount).map { _ in
            compositor.advance()
            return Array(compositor.pixels)
        }
    }

    /// The RGBA bytes of pixel (x, y) in a frame of `width` pixels per row.
    static func pixel(_ frame: [UInt8], _ x: Int, _ y: Int, width: Int = 4) -> [UInt8] {
        Array(frame[(y * width + x) * 4 ..< (y * width + x) * 4 + 4])
    }
}
