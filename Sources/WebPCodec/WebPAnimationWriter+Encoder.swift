import CWebP

/// How libwebp's animation encoder compresses each frame.
public enum WebPCompression: Sendable, Hashable {
    /// VP8L: every pixel kept.
    case lossless
    /// VP8 at this quality (0–100), with its alpha plane lossless; what feeds serve.
    case lossy(quality: Int)

    /// `lossless`, `lossy q75`: as a file name or a table says it.
    public var name: String {
        switch self {
        case .lossless: "lossless"
        case .lossy(let quality): "lossy-q\(quality)"
        }
    }
}

extension WebPAnimationWriter {
    /// Encodes composited RGBA frames as `gif2webp` and `img2webp` do, with libwebp's animation encoder
    /// (`WebPAnimEncoder`): each frame reduced to the rectangle that changed, blended or not as is smaller, with key
    /// frames where the encoder chooses. A frame equal to the one before is merged into it, its time added.
    /// `frames` are `width × height` straight RGBA8 each; `durations` in milliseconds; `loopCount` 0 for forever.
    public static func encoded(width: Int, height: Int, frames: [[UInt8]], durations: [Int], loopCount: Int,
                               compression: WebPCompression) throws(WebPError) -> [UInt8] {
        guard frames.count == durations.count, frames.allSatisfy({ $0.count == width * height * 4 }) else {
            throw .cannotEncode("frames must be \(width)x\(height) RGBA8, one duration each")
        }
        return try encoded(width: width, height: height, durations: durations, loopCount: loopCount, compression: compression) {
            index, body throws(WebPError) in
            var failure: WebPError?
            frames[index].withUnsafeBytes { pixels in
                do throws(WebPError) { try body(pixels) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// The same, one frame at a time: `frame(index, body)` lends frame `index`'s pixels to `body`, so a long animation
    /// is never held whole. One frame for each of `durations`.
    public static func encoded(width: Int, height: Int, durations: [Int], loopCount: Int, compression: WebPCompression,
                               frame: (Int, (UnsafeRawBufferPointer) throws(WebPError) -> Void) throws(WebPError) -> Void) throws(WebPError) -> [UInt8] {
        guard !durations.isEmpty, width > 0, height > 0 else { throw .cannotEncode("an animation needs a "
                                                                                   + "frame and a canvas") }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw .cannotEncode("libwebp's animation encoder options") }
        options.anim_params.loop_count = Int32(loopCount)
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else { throw .cannotEncode("libwebp could not make an animation encoder") }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .cannotEncode("libwebp's encoder configuration") }
        switch compression {
        case .lossless:
            config.lossless = 1
        case .lossy(let quality):
            config.lossless = 0
            config.quality = Float(min(max(quality, 0), 100))
        }
        var timestamp: Int32 = 0
        for index in durations.indices {
            try frame(index) { pixels throws(WebPError) in
                guard pixels.count == width * height * 4 else { throw .cannotEncode("frame \(index) is not "
                                                                                    + "\(width)x\(height) RGBA8") }
                var picture = WebPPicture()
                guard WebPPictureInit(&picture) != 0 else { throw .cannotEncode("libwebp's picture") }
                picture.use_argb = 1
                picture.width = Int32(width)
                picture.height = Int32(height)
                defer { WebPPictureFree(&picture) }
                guard WebPPictureImportRGBA(&picture, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                            Int32(width * 4)) != 0,
                      WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
                    throw .cannotEncode("frame \(index) could not be encoded")
                }
            }
            timestamp += Int32(durations[index])
        }
        var assembled = WebPData()
        guard WebPAnimEncoderAdd(encoder, nil, timestamp, nil) != 0, WebPAnimEncoderAssemble(encoder, &assembled) != 0,
              let bytes = assembled.bytes else { throw .cannotEncode("the file could not be assembled") }
        defer { WebPDataClear(&assembled) }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}
