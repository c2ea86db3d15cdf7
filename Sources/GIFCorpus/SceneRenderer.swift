import GIFCodec

/// Draws the frames of one ``SyntheticSpec`` as palette indices and packs them as encoder frames.
///
/// Only integer arithmetic and a fixed sine table touch pixels, so the output is identical on every machine.
struct SceneRenderer {
    let spec: SyntheticSpec
    /// Index 255 is reserved for "transparent / unchanged" in every scene.
    static let clear: UInt8 = 255

    func encoderInput() -> EncoderInput {
        let frames: [EncoderFrame]
        switch spec.scene {
        case .movingBalls(let count): frames = differenced { drawBalls(count: count, frame: $0, into: &$1) }
        case .plasma: frames = fullFrames { drawPlasma(frame: $0, into: &$1) }
        case .screencast: frames = differenced { drawDesktop(frame: $0, into: &$1) }
        case .sticker: frames = stickerFrames()
        case .emoji: frames = fullFrames(disposal: 2, transparent: Self.clear) { drawFace(frame: $0, into: &$1) }
        case .restorePrevious: frames = restorePreviousFrames()
        case .interlaced: frames = interlacedFrames()
        }
        return EncoderInput(width: spec.width, height: spec.height, globalPalette: Self.palette(shift: 0),
                            backgroundIndex: 0, netscapeLoopValue: 0, frames: frames)
    }

    // MARK: Frame packing

    private var fullRect: FrameRect { FrameRect(left: 0, top: 0, width: spec.width, height: spec.height) }

    private func fullFrames(disposal: UInt8 = 1, transparent: UInt8? = nil,
                            draw: (Int, inout [UInt8]) -> Void) -> [EncoderFrame] {
        var canvas = [UInt8](repeating: 0, count: spec.width * spec.height)
        return (0..<spec.frameCount).map { frame in
            draw(frame, &canvas)
            return EncoderFrame(rect: fullRect, indices: canvas, delayCentiseconds: spec.delayCentiseconds,
                                disposal: disposal, transparentIndex: transparent)
        }
    }

    /// First frame whole, then only the bounding box of changed pixels with unchanged ones transparent.
    private func differenced(draw: (Int, inout [UInt8]) -> Void) -> [EncoderFrame] {
        let width = spec.width
        var previous = [UInt8](repeating: 0, count: width * spec.height)
        var current = previous
        var frames: [EncoderFrame] = []
        for frame in 0..<spec.frameCount {
            draw(frame, &current)
            if frame == 0 {
                frames.append(EncoderFrame(rect: fullRect, indices: current, delayCentiseconds: spec.delayCentiseconds,
                                           disposal: 1))
            } else {
                var (minX, minY, maxX, maxY) = (width, spec.height, -1, -1)
                for y in 0..<spec.height {
                    for x in 0..<width where current[y * width + x] != previous[y * width + x] {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
                if maxX < 0 { (minX, minY, maxX, maxY) = (0, 0, 0, 0) }
                let rect = FrameRect(left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1)
                var indices = [UInt8](repeating: Self.clear, count: rect.width * rect.height)
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let source = (y + minY) * width + x + minX
                        if current[source] != previous[source] { indices[y * rect.width + x] = current[source] }
                    }
                }
                frames.append(EncoderFrame(rect: rect, indices: indices, delayCentiseconds: spec.delayCentiseconds,
                                           disposal: 1, transparentIndex: Self.clear))
            }
            swap(&previous, &current)
            current = previous
        }
        return frames
    }

    private func stickerFrames() -> [EncoderFrame] {
        let radius = spec.width / 5
        return (0..<spec.frameCount).map { frame in
            let phase = frame * 256 / spec.frameCount
            let cx = spec.width / 2 + Self.sine(phase) * (spec.width / 2 - radius - 1) / 127
            let bounce = abs(Self.sine(phase * 2 + 64))
            let cy = spec.height - radius - 1 - bounce * (spec.height - 2 * radius - 2) / 127
            let rect = FrameRect(left: cx - radius, top: cy - radius, width: 2 * radius, height: 2 * radius)
            var indices = [UInt8](repeating: Self.clear, count: rect.width * rect.height)
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let dx = x - radius, dy = y - radius
                    let distance = dx * dx + dy * dy
                    guard distance < radius * radius else { continue }
                    let ring = distance * 16 / (radius * radius)
                    let star = (Self.sine((x * 8 + frame * 12) & 255) + Self.sine((y * 8) & 255)) > 60
                    indices[y * rect.width + x] = UInt8(star ? 200 + ring : 160 + ring)
                }
            }
            return EncoderFrame(rect: rect, indices: indices, delayCentiseconds: spec.delayCentiseconds,
                                disposal: 2, transparentIndex: Self.clear)
        }
    }

    private func restorePreviousFrames() -> [EncoderFrame] {
        var background = [UInt8](repeating: 0, count: spec.width * spec.height)
        drawBackground(into: &background)
        var frames = [EncoderFrame(rect: fullRect, indices: background, delayCentiseconds: spec.delayCentiseconds,
                                   disposal: 1)]
        let size = spec.width / 5
        for frame in 1..<spec.frameCount {
            let phase = frame * 256 / spec.frameCount
            let left = (spec.width - size) / 2 + Self.sine(phase) * (spec.width - size) / 2 / 128
            let top = (spec.height - size) / 2 + Self.sine((phase * 3 + 64) & 255) * (spec.height - size) / 2 / 128
            var indices = [UInt8](repeating: Self.clear, count: size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let dx = x - size / 2, dy = y - size / 2
                    if dx * dx + dy * dy < size * size / 4 { indices[y * size + x] = UInt8(96 + (x + y + frame) % 32) }
                }
            }
            let stamp = frame % 15 == 0
            frames.append(EncoderFrame(rect: FrameRect(left: left, top: top, width: size, height: size),
                                       indices: indices, delayCentiseconds: spec.delayCentiseconds,
                                       disposal: stamp ? 1 : 3, transparentIndex: Self.clear))
        }
        return frames
    }

    private func interlacedFrames() -> [EncoderFrame] {
        var canvas = [UInt8](repeating: 0, count: spec.width * spec.height)
        return (0..<spec.frameCount).map { frame in
            drawPlasma(frame: frame, into: &canvas)
            return EncoderFrame(rect: fullRect, indices: canvas,
                                localPalette: frame % 2 == 1 ? Self.palette(shift: 40 + frame) : nil,
                                delayCentiseconds: spec.delayCentiseconds, disposal: 1, interlaced: true)
        }
    }

    // MARK: Scenes

    private func drawBackground(into canvas: inout [UInt8]) {
        let bandHeight = max(1, spec.height / 32)
        for y in 0..<spec.height {
            let band = min(31, y / bandHeight)
            for x in 0..<spec.width {
                let check = ((x / 48) + (y / 48)) % 2
                canvas[y * spec.width + x] = UInt8(band + check * 32)
            }
        }
    }

    private func drawBalls(count: Int, frame: Int, into canvas: inout [UInt8]) {
        drawBackground(into: &canvas)
        let radius = min(spec.width, spec.height) / 9
        for ball in 0..<count {
            let phase = frame * 256 / spec.frameCount
            let cx = spec.width / 2 + Self.sine((phase * (ball + 1) + ball * 85) & 255) * (spec.width / 2 - radius - 1) / 127
            let cy = spec.height / 2 + Self.sine((phase * (ball + 2) + ball * 40 + 64) & 255) * (spec.height / 2 - radius - 1) / 127
            for y in max(0, cy - radius)..<min(spec.height, cy + radius) {
                for x in max(0, cx - radius)..<min(spec.width, cx + radius) {
                    let dx = x - cx, dy = y - cy
                    let distance = dx * dx + dy * dy
                    if distance < radius * radius {
                        canvas[y * spec.width + x] = UInt8(64 + ball * 32 + distance * 3 / (radius * radius))
                    }
                }
            }
        }
    }

    private func drawPlasma(frame: Int, into canvas: inout [UInt8]) {
        for y in 0..<spec.height {
            let rowWave = Self.sine((y - frame * 3) & 255)
            for x in 0..<spec.width {
                let value = Self.sine((x + frame * 2) & 255) + rowWave + Self.sine(((x + y) / 2 + frame) & 255)
                canvas[y * spec.width + x] = UInt8((value + 381) * 47 / 762)
            }
        }
    }

    private func drawFace(frame: Int, into canvas: inout [UInt8]) {
        let size = spec.width, center = size / 2, radius = size / 2 - 2
        let blinking = frame % 12 >= 10
        for y in 0..<spec.height {
            for x in 0..<size {
                let dx = x - center, dy = y - center
                var index = Self.clear
                if dx * dx + dy * dy < radius * radius {
                    index = 180
                    let eyeY = center - size / 8
                    for eyeX in [center - size / 6, center + size / 6] {
                        let ex = x - eyeX, ey = y - eyeY
                        if blinking ? (abs(ey) < 1 && abs(ex) < size / 12) : (ex * ex + ey * ey < size * size / 256) { index = 0 }
                    }
                    let mouth = center + size / 6 + Self.sine((frame * 20) & 255) * size / 16 / 127
                    if abs(y - mouth) < 2 && abs(dx) < size / 5 { index = 130 }
                }
                canvas[y * size + x] = index
            }
        }
    }

    private func drawDesktop(frame: Int, into canvas: inout [UInt8]) {
        let width = spec.width, height = spec.height
        for y in 0..<height {
            for x in 0..<width {
                var index: UInt8 = 20
                if x > 40 && x < width * 2 / 3 && y > 30 && y < height - 60 {
                    index = y < 54 ? 40 : 250
                    let textRow = (y - 64) / 14, inRow = (y - 64) % 14
                    if y >= 64 && inRow < 8 && x > 56 && textRow < 24 && (x - 56) / 7 < 40 + (textRow * 7) % 30 {
                        index = ((x - 56) % 7 < 5 && (x * 7 + y * 3 + textRow) % 5 != 0) ? 0 : 250
                    }
                }
                canvas[y * width + x] = index
            }
        }
        let typedRow = 24 + frame / 40, typed = frame % 40
        let rowTop = 64 + typedRow * 14
        if rowTop + 8 < height - 60 {
            for character in 0...typed where 56 + character * 7 + 5 < width * 2 / 3 {
                for y in rowTop..<(rowTop + 8) {
                    for x in (56 + character * 7)..<(56 + character * 7 + 5) where (x + y + character) % 3 != 0 { canvas[y * width + x] = 0 }
                }
            }
            if frame % 6 < 3 {
                let cursorX = 56 + (typed + 1) * 7
                for y in rowTop..<(rowTop + 10) where cursorX + 2 < width { canvas[y * width + cursorX] = 1; canvas[y * width + cursorX + 1] = 1 }
            }
        }
        let pointerX = width / 2 + Self.sine((frame * 256 / spec.frameCount) & 255) * (width / 2 - 30) / 127
        let pointerY = height / 2 + Self.sine((frame * 512 / spec.frameCount + 64) & 255) * (height / 2 - 30) / 127
        for row in 0..<18 {
            for column in 0...(row * 2 / 3) where pointerY + row < height && pointerX + column < width {
                canvas[(pointerY + row) * width + pointerX + column] = column == 0 || column == row * 2 / 3 || row == 17 ? 0 : 254
            }
        }
    }

    // MARK: Shared tables

    /// Integer sine of `phase / 256` turns, in −127…127.
    static func sine(_ phase: Int) -> Int { sineTable[phase & 255] }

    private static let sineTable: [Int] = {
        // Quarter wave in integers, mirrored; avoids any platform-dependent floating point.
        let quarter = [0, 3, 6, 9, 12, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 51, 54, 57, 60, 63, 65, 68, 71,
                       73, 76, 78, 81, 83, 85, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 107, 109, 111, 112, 113, 115,
                       116, 117, 118, 120, 121, 122, 122, 123, 124, 125, 125, 126, 126, 126, 127, 127, 127, 127]
        return (0..<256).map { phase in
            let inQuarter = phase % 64, quadrant = phase / 64
            switch quadrant {
            case 0: return quarter[inQuarter]
            case 1: return quarter[64 - inQuarter]
            case 2: return -quarter[inQuarter]
            default: return -quarter[64 - inQuarter]
            }
        }
    }()

    /// 255 colours plus the reserved index 255; `shift` rotates hues for local palettes.
    static func palette(shift: Int) -> Palette {
        Palette((0..<256).map { index in
            let hue = (index * 7 + shift * 5) & 255
            let r = 128 + sine(hue), g = 128 + sine(hue + 85), b = 128 + sine(hue + 170)
            return RGB(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
        })
    }
}
