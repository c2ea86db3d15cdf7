import CaseModel
import FrameDecoders
import GIFCodec
import Playback
import WebPCodec

/// Plays a tiny GIF (or WebP) with the case's decoder before the measured interval. The Swift runtime builds type
/// metadata and conformance caches on first use, with `malloc`; without this, `malloc_count` would count those one-time
/// caches too, and move by dozens whenever unrelated code changes what ran first (what this fixed).
enum RuntimeWarmUp {
    /// Four frames of 4×4 that use every path a GIF can take: a local palette, transparency, every disposal, and
    /// interlacing.
    static let gif: [UInt8]? = {
        let palette = Palette([RGB(0, 0, 0), RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255)])
        let whole = FrameRect(left: 0, top: 0, width: 4, height: 4), part = FrameRect(left: 1, top: 1, width: 2, height: 2)
        let frames = [EncoderFrame(rect: whole, indices: Array(repeating: 1, count: 16), delayCentiseconds: 2,
                                   disposal: 1),
                      EncoderFrame(rect: part, indices: [2, 3, 3, 2], localPalette: palette, delayCentiseconds: 2,
                                   disposal: 2,
                                   transparentIndex: 3),
                      EncoderFrame(rect: part, indices: [3, 3, 1, 1], delayCentiseconds: 2, disposal: 3,
                                   interlaced: true),
                      EncoderFrame(rect: whole, indices: Array(repeating: 2, count: 16), delayCentiseconds: 2,
                                   disposal: 0)]
        return try? GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: palette, frames: frames))
    }()

    /// Four frames of 4×4, lossless, for a case that plays a WebP: the first opaque, the others blended over it.
    static let webp: [UInt8]? = {
        let pixel: (UInt8, UInt8, UInt8, UInt8) -> [UInt8] = { [$0, $1, $2, $3] }
        let frames = [pixel(255, 0, 0, 255), pixel(0, 255, 0, 128), pixel(0, 0, 255, 0), pixel(9, 9, 9, 255)]
            .map { Array(repeating: $0, count: 16).flatMap { $0 } }
        return try? WebPAnimationWriter.lossless(width: 4, height: 4, frames: frames, durations: [20, 20, 20, 20],
                                                 loopCount: 0)
    }()

    /// Builds `choice` over the tiny animation of `format` with `codec` (downscaling to 2×2 when the case keeps frames
    /// at a display size), takes every frame twice, hashes a loop, and lets it go.
    static func run(_ choice: DecoderChoice, players: PlayerRegistry, format: AnimationFormat = .gif, codec: LZWCodec,
                    display: DisplaySize? = nil) {
        guard let bytes = format == .webp ? webp : gif, let container = try? AnimationFile.open(GIFBytes(bytes)) else { return }
        let warmChoice: DecoderChoice = if case .calibration = choice { .eager } else { choice }
        guard let source = try? CaseExecution.makeDecoder(warmChoice, container, players: players, codec: codec,
                                                               display: display.map { _ in DisplaySize(width: 2, height: 2) }) else { return }
        for _ in 0..<2 {
            for index in 0..<container.frameCount {
                _ = source.isReady(frame: index)
                _ = try? source.withFrame(at: index) { $0.status }
            }
        }
        source.waitUntilPrefetched()
        _ = source.heldFramesMax
        // The hashing loop after the measured interval, once, for the same reason.
        _ = try? PlaybackLoop(source: source, sampler: nil).framesHash()
    }
}
