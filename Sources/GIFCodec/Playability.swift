/// What one pass of the compositor over every frame found: frames that came out whole, frames drawn only in part,
/// frames that drew nothing, and the first failure.
public struct Playability: Sendable {
    public var frames = 0
    public var completeFrames = 0
    /// Frames cut short that still drew some rows (a truncated file's last frame, say): they play as far as they go.
    public var partialFrames = 0
    /// Frames that drew no row at all.
    public var failedFrames = 0
    public var firstFailure: GIFError?

    /// Composites every frame once (within `limits`); throws ``GIFError/noDrawableFrame(_:)`` when no frame draws
    /// anything: every frame empty, without a palette, or failing at its first row.
    public static func check(_ container: GIFContainer, limits: DecodeLimits = .default,
                             codec: LZWCodec = .default) throws(GIFError) -> Playability {
        try checkStructure(container, limits: limits)
        let compositor = try Compositor(container: container, limits: limits, codec: codec)
        var result = Playability(frames: container.frameCount)
        for _ in 0..<container.frameCount {
            guard case .partial(let error) = compositor.advance() else {
                result.completeFrames += 1
                continue
            }
            if compositor.rowsDecoded > 0 { result.partialFrames += 1 } else { result.failedFrames += 1 }
            if result.firstFailure == nil { result.firstFailure = error }
        }
        if result.failedFrames == result.frames {
            throw .noDrawableFrame("every frame fails to decode (\(result.firstFailure.map { "\($0)" } ?? "no data"))")
        }
        return result
    }

    /// The checks that need no pixel decoded (limits, empty frames, palettes): cheap enough for a parent process,
    /// which leaves the full `check(_:limits:)` to a child with a time limit.
    public static func checkStructure(_ container: GIFContainer, limits: DecodeLimits = .default) throws(GIFError) {
        try limits.check(container)
        if container.frames.allSatisfy({ $0.rect.width == 0 || $0.rect.height == 0 }) {
            throw .noDrawableFrame("every frame has zero width or height")
        }
        if container.globalPalette == nil && container.frames.allSatisfy({ $0.localPalette == nil }) {
            throw .noDrawableFrame("neither a global palette nor any local palette")
        }
    }
}
