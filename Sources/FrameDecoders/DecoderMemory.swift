import GIFCodec

/// The decoders' shared memory rule, stated once.
enum DecoderMemory {
    /// `frames` decoded frames of `keptFrameBytes` each (the canvas's size, or the display's), and the compositor's
    /// canvas and — when it saves one — its saved canvas, each `frameBytes`.
    static func pixelBytes(holdingFrames frames: Int, frameBytes: Int, keptFrameBytes: Int, savesCanvas: Bool) -> Int {
        frames * keptFrameBytes + (1 + (savesCanvas ? 1 : 0)) * frameBytes
    }
}

extension AnimationContainer {
    /// ``DecoderMemory/pixelBytes(holdingFrames:frameBytes:keptFrameBytes:savesCanvas:)`` for this animation, its
    /// frames kept at `display` (nil: full size).
    public func pixelBytes(holdingFrames frames: Int, display: DisplaySize?) -> Int {
        DecoderMemory.pixelBytes(holdingFrames: frames, frameBytes: frameBytes,
                                 keptFrameBytes: keptFrameBytes(display: display), savesCanvas: savesCanvas)
    }

    /// The bytes of one frame kept for `display`: the canvas's, or the display-sized frame's when it is smaller.
    public func keptFrameBytes(display: DisplaySize?) -> Int {
        display?.heldSize(screenWidth: width, screenHeight: height).map { $0.width * $0.height * 4 } ?? frameBytes
    }
}
