import CaseModel
import BenchCore
import FrameDecoders
import GIFCodec
import Testing

/// The codec reports limits in its own words; `bench` adds the flag that raises each and the windowed decoder's
/// memory rule, stated once by the decoder.
@Suite("Error remedies")
struct ErrorRemedyTests {
    @Test("each limit names the flag that raises it; the eager refusal quotes the windowed decoder's own rule")
    func remedies() {
        #expect(GIFError.canvasTooLarge(width: 20_000, height: 20_000, limit: 100_000_000).explained.hasSuffix("(raise it with --max-pixels)"))
        #expect(GIFError.frameTooLarge(frame: 0, width: 65_535, height: 65_535, limit: 1).explained.hasSuffix("(raise it with --max-pixels)"))
        #expect(GIFError.fileTooLarge(path: "x", bytes: 9, limit: 8).explained.hasSuffix("(raise it with --max-file-size)"))
        #expect(GIFError.notRegularFile(path: "x", kind: "a pipe or FIFO").explained.contains("--allow-special-files"))
        let eager = GIFError.eagerTooLarge(bytes: 160_000_000, limit: 100 << 20, frameBytes: 4_000_000).explained
        let rule = WindowedDecoder.pixelBytes(window: .frames(BenchCase.defaultWindow), frameCount: 100, frameBytes: 4_000_000, savesCanvas: false)
        #expect(rule == 24_000_000)
        #expect(eager.contains("(raise it with --max-eager-bytes); the windowed decoder would hold about 24000000 bytes at window 4"), "\(eager)")
    }

    @Test("the windowed memory rule: window + 1 buffers and the canvas, one more canvas for restore-to-previous; keep-all holds every frame")
    func windowedRule() {
        #expect(WindowedDecoder.pixelBytes(window: .frames(1), frameCount: 10, frameBytes: 100, savesCanvas: false) == 300)
        #expect(WindowedDecoder.pixelBytes(window: .frames(1), frameCount: 10, frameBytes: 100, savesCanvas: true) == 400)
        #expect(WindowedDecoder.pixelBytes(window: .all, frameCount: 10, frameBytes: 100, savesCanvas: false) == 1100)
    }
}
