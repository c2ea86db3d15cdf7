import GIFCodec

extension GIFContainer {
    /// The decoders' shared memory rule: `frames` decoded frames, the compositor's canvas, and a saved canvas when a
    /// frame restores to previous, each `frameBytes`.
    static func pixelBytes(holdingFrames frames: Int, frameBytes: Int, savesCanvas: Bool) -> Int {
        (frames + 1 + (savesCanvas ? 1 : 0)) * frameBytes
    }

    /// ``pixelBytes(holdingFrames:frameBytes:savesCanvas:)`` for this GIF.
    func pixelBytes(holdingFrames frames: Int) -> Int {
        Self.pixelBytes(holdingFrames: frames, frameBytes: frameBytes, savesCanvas: savesCanvas)
    }
}
