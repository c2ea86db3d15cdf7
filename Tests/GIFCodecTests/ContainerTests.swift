import GIFCodec
import Testing

@Suite("Container index")
struct ContainerTests {
    typealias H = HandBuilt

    @Test("delays of 10 ms or less play as 100 ms", arguments: [(UInt16(0), 0, 100), (1, 10, 100), (2, 20, 20), (4, 40, 40)])
    func delayClamping(centiseconds: UInt16, raw: Int, effective: Int) throws {
        let container = try H.container([H.frame(0, 0, 4, 4, fill: 0, delay: centiseconds)])
        #expect(container.frames[0].delay.rawMilliseconds == raw)
        #expect(container.frames[0].delay.effectiveMilliseconds == effective)
    }

    @Test("loop count: absent plays once, 0 loops forever, N plays N + 1 times",
          arguments: [(UInt16?.none, LoopCount.plays(1)), (0, .forever), (3, .plays(4))])
    func loopCount(value: UInt16?, expected: LoopCount) throws {
        let container = try H.container(loop: value, [H.frame(0, 0, 4, 4, fill: 0)])
        #expect(container.netscapeLoopValue == value)
        #expect(container.loopCount == expected)
    }

    @Test("records carry rectangle, disposal, transparency, palette kind and the image separator's offset")
    func records() throws {
        let local = Palette([RGB(1, 1, 1), RGB(2, 2, 2)])
        let container = try H.container([
            H.frame(0, 0, 4, 4, fill: 0, disposal: 1),
            H.frame(1, 2, 3, 2, fill: 1, disposal: 2, transparent: 3, palette: local),
        ])
        #expect(container.width == 4 && container.height == 4)
        #expect(container.globalPalette?.colors.count == 4)
        #expect(container.frameCount == 2)
        #expect(!container.truncated)
        let frame = container.frames[1]
        #expect(frame.rect == FrameRect(left: 1, top: 2, width: 3, height: 2))
        #expect(frame.disposal == .background)
        #expect(frame.transparentIndex == 3)
        #expect(frame.localPalette == local)
        #expect(container.frames[0].localPalette == nil)
        for record in container.frames {
            #expect(container.bytes.buffer[record.recordOffset] == 0x2C)
        }
    }

    @Test("bad input gives a typed error")
    func badInput() {
        #expect(throws: GIFError.empty) { try GIFContainer(bytes: GIFBytes([])) }
        #expect(throws: GIFError.notAGIF) { try GIFContainer(bytes: GIFBytes(Array("\u{89}PNG\r\n\u{1A}\n....".utf8))) }
        #expect(throws: GIFError.notAGIF) { try GIFContainer(bytes: GIFBytes(Array("GIF8".utf8))) }
        #expect(throws: GIFError.self) { try GIFContainer(bytes: GIFBytes(Array("GIF89a\u{1}".utf8))) }
        #expect(throws: GIFError.self) { try GIFContainer(contentsOfFile: "/nonexistent/file.gif") }
    }

    @Test("a file cut inside a frame indexes the frames before it and flags truncation")
    func truncation() throws {
        let whole = try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: H.palette, frames: [
            H.frame(0, 0, 4, 4, fill: 0), H.frame(0, 0, 4, 4, fill: 1),
        ]))
        let complete = try GIFContainer(bytes: GIFBytes(whole))
        let cut = try GIFContainer(bytes: GIFBytes(whole.prefix(complete.frames[1].recordOffset + 14)))
        #expect(cut.truncated)
        #expect(cut.frameCount == 2)
        #expect(cut.frames[1].truncated)
        let compositor = try Compositor(container: cut)
        #expect(compositor.advance() == .complete)
        guard case .partial = compositor.advance() else {
            Issue.record("the cut frame should be partial")
            return
        }
    }

    @Test("the encoder rejects inconsistent input")
    func encoderValidation() {
        #expect(throws: GIFError.self) {
            try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: nil, frames: [H.frame(0, 0, 1, 1, fill: 0)]))
        }
        #expect(throws: GIFError.self) {
            try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: H.palette,
                                               frames: [EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 2, height: 2), indices: [0])]))
        }
    }
}
