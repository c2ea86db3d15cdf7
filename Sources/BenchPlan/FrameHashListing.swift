import GIFCodec

/// `bench inspect --hashes`: each frame of a GIF or a WebP composited in order and hashed (FNV-1a 64 over the RGBA
/// canvas), handed out one line at a time as it is drawn, so a long listing shows as it goes and can be stopped.
public enum FrameHashListing {
    /// The bytes compositing holds: the canvas, and the saved canvas when the animation keeps one.
    public static func workingBytes(_ container: any AnimationContainer) -> Int {
        container.frameBytes * (container.savesCanvas ? 2 : 1)
    }

    /// Hands `line` "<index> <hash>" for each frame in order; before each frame asks `shouldStop(index)`, and stops
    /// there when it says so, returning the frames listed.
    @discardableResult
    public static func each(_ container: any AnimationContainer, limits: DecodeLimits = .default,
                            codec: LZWCodec = .default, shouldStop: (Int) -> Bool = { _ in false },
                            line: (String) -> Void) throws(GIFError) -> Int {
        let compositor = try container.makeCompositor(limits: limits, codec: codec)
        for index in 0..<container.frameCount {
            if shouldStop(index) { return index }
            _ = try compositor.composite(frame: index)
            line("\(index) \(FrameHash(of: compositor.pixels))")
        }
        return container.frameCount
    }
}
