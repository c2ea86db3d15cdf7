import CWebP

/// Writes composited RGBA frames as an animated WebP that decodes to the same frames: each frame lossless and
/// full-canvas, replacing the one before (no blending, no disposal), assembled by libwebp's muxer. Every frame is kept,
/// even one equal to the frame before (libwebp's animation encoder would merge those into one).
public enum WebPAnimationWriter {
    /// `frames` are `width × height` straight RGBA8 each; `durations` in milliseconds; `loopCount` 0 for forever.
    /// Pixels that are fully transparent may come back with other colour bytes (lossless WebP keeps alpha 0 as it
    /// likes): frame identity treats them as 0,0,0,0.
    /// One frame with `still` is written as a still WebP (no animation chunks), as a still image came.
    public static func lossless(width: Int, height: Int, frames: [[UInt8]], durations: [Int], loopCount: Int,
                                still: Bool = false) throws(WebPError) -> [UInt8] {
        guard !frames.isEmpty, frames.count == durations.count, width > 0, height > 0,
              frames.allSatisfy({ $0.count == width * height * 4 }) else { throw .cannotEncode("frames must be \(width)x\(height) RGBA8, one duration each") }
        if still && frames.count == 1 {
            var encoded: UnsafeMutablePointer<UInt8>?
            let size = frames[0].withUnsafeBufferPointer { WebPEncodeLosslessRGBA($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), &encoded) }
            guard size > 0, let encoded else { throw .cannotEncode("the image could not be encoded") }
            defer { WebPFree(encoded) }
            return Array(UnsafeBufferPointer(start: encoded, count: size))
        }
        guard let mux = WebPMuxNew() else { throw .cannotEncode("libwebp could not make a muxer") }
        defer { WebPMuxDelete(mux) }
        for (index, frame) in frames.enumerated() {
            var encoded: UnsafeMutablePointer<UInt8>?
            let size = frame.withUnsafeBufferPointer { pixels in
                WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), &encoded)
            }
            guard size > 0, let encoded else { throw .cannotEncode("frame \(index) could not be encoded") }
            defer { WebPFree(encoded) }
            var info = WebPMuxFrameInfo()
            info.bitstream = WebPData(bytes: encoded, size: size)
            info.duration = Int32(durations[index])
            info.id = WEBP_CHUNK_ANMF
            info.dispose_method = WEBP_MUX_DISPOSE_NONE
            info.blend_method = WEBP_MUX_NO_BLEND
            guard WebPMuxPushFrame(mux, &info, 1) == WEBP_MUX_OK else { throw .cannotEncode("frame \(index) could not be added") }
        }
        var params = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(loopCount))
        guard WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK,
              WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK else { throw .cannotEncode("the animation's header could not be set") }
        var assembled = WebPData()
        guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let bytes = assembled.bytes else { throw .cannotEncode("the file could not be assembled") }
        defer { WebPDataClear(&assembled) }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}
