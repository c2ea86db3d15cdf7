/// Ceilings that refuse a GIF before any large allocation, so a hostile file cannot exhaust memory.
public struct DecodeLimits: Sendable, Hashable {
    /// Largest logical screen, in pixels (width × height), that gets a canvas.
    public var maxCanvasPixels: Int

    public init(maxCanvasPixels: Int = 100_000_000) {
        self.maxCanvasPixels = maxCanvasPixels
    }

    public static let `default` = DecodeLimits()

    /// Throws when `container`'s canvas exceeds the pixel budget.
    public func check(_ container: GIFContainer) throws(GIFError) {
        let pixels = container.width * container.height
        if pixels > maxCanvasPixels {
            throw .canvasTooLarge(width: container.width, height: container.height, limit: maxCanvasPixels)
        }
    }
}
