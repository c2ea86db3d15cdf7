import GIFCodec
import TestFixtures
import Testing

@Suite("Compositor follows the browser conventions")
struct CompositorTests {
    typealias H = HandBuilt

    @Test("disposal 0 and 1 leave the canvas")
    func keep() throws {
        for disposal: UInt8 in [0, 1] {
            let frames = try H.frames(H.container([
                H.frame(0, 0, 4, 4, fill: 0), H.frame(1, 1, 2, 2, fill: 1, disposal: disposal), H.frame(0, 0, 1, 1, fill: 2),
            ]))
            #expect(H.pixel(frames[2], 1, 1) == H.green)
            #expect(H.pixel(frames[2], 0, 0) == H.blue)
            #expect(H.pixel(frames[2], 3, 3) == H.red)
        }
    }

    @Test("disposal 2 clears the frame's rectangle to transparent, not to the background colour")
    func background() throws {
        let frames = try H.frames(H.container([
            H.frame(0, 0, 4, 4, fill: 0), H.frame(1, 1, 2, 2, fill: 1, disposal: 2), H.frame(0, 0, 1, 1, fill: 2),
        ]))
        #expect(H.pixel(frames[1], 2, 2) == H.green)
        #expect(H.pixel(frames[2], 1, 1) == H.clear)
        #expect(H.pixel(frames[2], 2, 2) == H.clear)
        #expect(H.pixel(frames[2], 3, 3) == H.red)
        #expect(H.pixel(frames[2], 0, 0) == H.blue)
    }

    @Test("disposal 3 restores the canvas as it was before the frame")
    func previous() throws {
        let frames = try H.frames(H.container([
            H.frame(0, 0, 4, 4, fill: 0), H.frame(0, 0, 4, 4, fill: 1, disposal: 3), H.frame(3, 3, 1, 1, fill: 2),
        ]))
        #expect(H.pixel(frames[1], 0, 0) == H.green)
        #expect(H.pixel(frames[2], 0, 0) == H.red)
        #expect(H.pixel(frames[2], 3, 3) == H.blue)
    }

    @Test("disposal 3 on frame 0 restores to all transparent")
    func previousOnFirstFrame() throws {
        let frames = try H.frames(H.container([H.frame(0, 0, 4, 4, fill: 1, disposal: 3), H.frame(0, 0, 1, 1, fill: 2)]))
        #expect(H.pixel(frames[0], 2, 2) == H.green)
        #expect(H.pixel(frames[1], 2, 2) == H.clear)
        #expect(H.pixel(frames[1], 0, 0) == H.blue)
    }

    @Test("raw disposal 4 counts as 3 and 5–7 as 1", arguments: [(UInt8(4), false), (5, true), (6, true), (7, true)])
    func unusualDisposals(raw: UInt8, keeps: Bool) throws {
        let container = try H.container([
            H.frame(0, 0, 4, 4, fill: 0), H.frame(0, 0, 4, 4, fill: 1, disposal: raw), H.frame(3, 3, 1, 1, fill: 2),
        ])
        #expect(container.frames[1].rawDisposal == raw)
        let frames = try H.frames(container)
        #expect(H.pixel(frames[2], 0, 0) == (keeps ? H.green : H.red))
    }

    @Test("pixels equal to the transparent index leave the canvas")
    func transparency() throws {
        var top = H.frame(0, 0, 4, 4, fill: 1, transparent: 1)
        top.indices[5] = 2
        let frames = try H.frames(H.container([H.frame(0, 0, 4, 4, fill: 0), top]))
        #expect(H.pixel(frames[1], 0, 0) == H.red)
        #expect(H.pixel(frames[1], 1, 1) == H.blue)
    }

    @Test("a transparent first frame shows 0,0,0,0 where nothing was drawn")
    func uncoveredPixelsAreTransparent() throws {
        let frames = try H.frames(H.container([H.frame(1, 1, 1, 1, fill: 3)]))
        #expect(H.pixel(frames[0], 0, 0) == H.clear)
        #expect(H.pixel(frames[0], 1, 1) == H.white)
    }

    @Test("interlaced rows land on their rows")
    func interlace() throws {
        let height = 11
        let rows = (0..<height).flatMap { row in Array(repeating: UInt8(row % 4), count: 3) }
        let frame = EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 3, height: height), indices: rows, interlaced: true)
        let container = try H.container(width: 3, height: height, [frame])
        #expect(container.frames[0].interlaced)
        let pixels = try H.frames(container)[0]
        let colours = [H.red, H.green, H.blue, H.white]
        for row in 0..<height {
            #expect(H.pixel(pixels, 2, row, width: 3) == colours[row % 4], "row \(row)")
        }
    }

    @Test("interlaced row order is 0,8,… then 4,… then 2,6,… then odd rows")
    func interlacedRowOrder() {
        #expect(Array(InterlacedRows(height: 10, interlaced: true)) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(Array(InterlacedRows(height: 1, interlaced: true)) == [0])
        #expect(Array(InterlacedRows(height: 3, interlaced: false)) == [0, 1, 2])
    }

    @Test("a frame partly outside the screen is clipped")
    func clipping() throws {
        var frame = H.frame(2, 2, 3, 3, fill: 2)
        frame.indices[0] = 1
        let pixels = try H.frames(H.container([H.frame(0, 0, 4, 4, fill: 0), frame]))[1]
        #expect(H.pixel(pixels, 2, 2) == H.green)
        #expect(H.pixel(pixels, 3, 3) == H.blue)
        #expect(H.pixel(pixels, 1, 1) == H.red)
        #expect(pixels.count == 4 * 4 * 4)
    }

    @Test("a local palette wins over the global one")
    func localPalette() throws {
        let local = Palette([RGB(9, 8, 7), RGB(1, 2, 3)])
        let pixels = try H.frames(H.container([H.frame(0, 0, 4, 4, fill: 1, palette: local)]))[0]
        #expect(H.pixel(pixels, 0, 0) == [1, 2, 3, 255])
    }

    @Test("a new loop starts from a transparent canvas")
    func loopRestart() throws {
        let compositor = try Compositor(container: H.container([H.frame(0, 0, 4, 4, fill: 0), H.frame(0, 0, 1, 1, fill: 2)]))
        compositor.advance()
        compositor.advance()
        #expect(compositor.nextFrame == 2)
        try compositor.composite(frame: 1)
        #expect(H.pixel(Array(compositor.pixels), 1, 1) == H.red, "frame 1 replayed on top of frame 0")
        compositor.reset()
        try compositor.composite(frame: 1)
        #expect(H.pixel(Array(compositor.pixels), 0, 0) == H.blue)
        #expect(throws: GIFError.frameOutOfRange(2, frameCount: 2)) { try compositor.composite(frame: 2) }
    }

    /// Every frame of `container` over two loops, drawn by ``Compositor/advance(into:)`` into buffers that start as
    /// garbage (0xAB), each kept: what a decoder keeping every frame does.
    static func framesDrawnInto(_ container: GIFContainer) throws -> [[UInt8]] {
        let compositor = try Compositor(container: container)
        var kept: [UnsafeMutableRawBufferPointer] = []
        defer { kept.forEach { $0.deallocate() } }
        return (0..<container.frameCount * 2).map { _ in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: container.width * container.height * 4, alignment: 16)
            buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)
            kept.append(buffer)
            compositor.advance(into: buffer)
            #expect(compositor.pixels.baseAddress == UnsafeRawPointer(buffer.baseAddress), "the buffer becomes the canvas")
            return Array(buffer)
        }
    }

    /// A 16×16 GIF of `frames`, whose last frame's data is cut `cutting` bytes short when given.
    static func square(_ frames: [EncoderFrame], cutting: Int? = nil, side: Int = 16) throws -> GIFContainer {
        let whole = try GIFEncoder.encode(EncoderInput(width: side, height: side, globalPalette: H.palette, frames: frames))
        guard let cutting else { return try GIFContainer(bytes: GIFBytes(whole)) }
        let complete = try GIFContainer(bytes: GIFBytes(whole))
        return try GIFContainer(bytes: GIFBytes(whole.prefix(complete.frames[frames.count - 1].recordOffset + cutting)))
    }

    /// A frame covering the 16×16 screen (or `side`×`side`) with varied indices (so its data spans more than a few bytes).
    static func covering(seed: Int, disposal: UInt8 = 0, transparent: UInt8? = nil, side: Int = 16) -> EncoderFrame {
        var frame = H.frame(0, 0, side, side, fill: 0, disposal: disposal, transparent: transparent)
        frame.indices = (0..<side * side).map { UInt8(($0 * 7 + $0 / 5 + seed) % 4) }
        return frame
    }

    /// A `width`×`height` frame at (`left`, `top`) with scattered indices: its transparent pixels are spread over
    /// it, and its data hardly compresses (over 255 bytes, so more than one sub-block, at 40×40).
    static func varied(_ left: Int, _ top: Int, _ width: Int, _ height: Int, seed: Int, disposal: UInt8 = 0,
                       transparent: UInt8? = nil, interlaced: Bool = false) -> EncoderFrame {
        var frame = H.frame(left, top, width, height, fill: 0, disposal: disposal, transparent: transparent)
        var state = UInt32(truncatingIfNeeded: seed &* 7919 &+ 1)
        frame.indices = (0..<width * height).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(state >> 16 & 3)
        }
        frame.interlaced = interlaced
        return frame
    }

    @Test("drawing into each frame's own buffer gives the frames drawing on one canvas gives, covering or not, over two loops")
    func drawnIntoOwnBuffers() throws {
        let handBuilt: [(String, GIFContainer)] = try [
            ("covering frames", Self.square([Self.covering(seed: 0), Self.covering(seed: 1), Self.covering(seed: 2)])),
            ("small frames on a covering one", Self.square([Self.covering(seed: 0), H.frame(2, 3, 5, 4, fill: 2),
                                                            H.frame(9, 9, 7, 7, fill: 3, disposal: 2), Self.covering(seed: 3)])),
            ("covering, transparent", Self.square([Self.covering(seed: 0), Self.covering(seed: 1, transparent: 2)])),
            ("covering, disposals 2 and 3", Self.square([Self.covering(seed: 0, disposal: 3), H.frame(1, 1, 3, 3, fill: 1, disposal: 2),
                                                         Self.covering(seed: 2, disposal: 3), H.frame(0, 0, 2, 2, fill: 3)])),
            ("a first frame not covering", Self.square([H.frame(4, 4, 8, 8, fill: 1), Self.covering(seed: 1)])),
            ("covering, transparent, on a cleared screen", Self.square([Self.covering(seed: 0, disposal: 2, transparent: 1),
                                                                        Self.covering(seed: 1, disposal: 2, transparent: 2),
                                                                        Self.covering(seed: 2, transparent: 0)])),
            ("covering, transparent, on a screen cleared in part", Self.square([Self.covering(seed: 0), H.frame(9, 9, 7, 7, fill: 3, disposal: 2),
                                                                                Self.covering(seed: 1, transparent: 2)])),
            ("small transparent frames over the last, one restored", Self.square([Self.covering(seed: 0),
                                                                                 Self.varied(2, 3, 10, 9, seed: 1, disposal: 3, transparent: 1),
                                                                                 Self.varied(5, 0, 11, 16, seed: 2, transparent: 3),
                                                                                 Self.varied(0, 6, 16, 4, seed: 3, transparent: 0)])),
            ("an interlaced frame over the last, cut short", Self.square([Self.covering(seed: 0, side: 48),
                                                                          Self.varied(3, 5, 40, 40, seed: 4, transparent: 2, interlaced: true)],
                                                                         cutting: 300, side: 48)),
            ("a small frame over the last, cut short", Self.square([Self.covering(seed: 0, side: 48),
                                                                    Self.varied(6, 2, 40, 40, seed: 5, transparent: 1)],
                                                                   cutting: 300, side: 48)),
            ("a covering frame cut short", Self.square([Self.covering(seed: 0), Self.covering(seed: 1)], cutting: 16)),
        ]
        for (name, cut) in handBuilt where name.hasSuffix("cut short") {
            let probe = try Compositor(container: cut)
            probe.advance()
            let status = probe.advance()
            // One drawn over the last frame must also reach some rows, so both kinds of its rows are checked.
            let reaches = !name.contains("over the last") || probe.rowsDecoded > 0
            guard case .partial = status, reaches, probe.rowsDecoded < cut.frames[1].rect.height else {
                Issue.record("\(name): its last frame should stop part way (\(probe.rowsDecoded) rows), or this test proves nothing about it")
                return
            }
        }
        // With the real GIFs of Tests/Fixtures of at most 3 Mpx in all, so a debug build (the planted faults') takes
        // seconds; EquivalenceTests plays the eager decoder over every GIF, in release.
        let all = try handBuilt + Fixtures.fixtureGIFs.map { ($0.lastPathComponent, try Fixtures.container($0)) }
            .filter { $0.1.frameCount * $0.1.width * $0.1.height <= 3_000_000 }
        #expect(all.count > handBuilt.count + 5)
        for (name, container) in all {
            let compositor = try Compositor(container: container)
            let expected = (0..<container.frameCount * 2).map { _ in
                compositor.advance()
                return Array(compositor.pixels)
            }
            let drawn = try Self.framesDrawnInto(container)
            let first = zip(expected, drawn).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(first == nil, "\(name): frame \(first ?? -1) differs")
        }
    }
}
