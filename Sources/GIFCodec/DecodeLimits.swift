/// Ceilings that refuse a GIF before any large allocation, so a hostile file cannot exhaust memory.
public struct DecodeLimits: Sendable, Hashable, Codable {
    /// Largest logical screen, in pixels (width × height), that gets a canvas.
    public var maxCanvasPixels: Int
    /// Most bytes an eager decoder may hold (frames × width × height × 4).
    public var maxEagerBytes: Int

    public init(maxCanvasPixels: Int = 100_000_000, maxEagerBytes: Int = 4 << 30) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxEagerBytes = maxEagerBytes
    }

    public static let `default` = DecodeLimits()

    /// Throws when `container`'s canvas exceeds the pixel budget.
    public func check(_ container: GIFContainer) throws(GIFError) {
        let pixels = container.width * container.height
        if pixels > maxCanvasPixels {
            throw .canvasTooLarge(width: container.width, height: container.height, limit: maxCanvasPixels)
        }
    }

    /// Throws when decoding every frame up front would exceed the eager budget.
    public func checkEager(_ container: GIFContainer) throws(GIFError) {
        try check(container)
        let (bytes, overflow) = container.frameCount.multipliedReportingOverflow(by: container.frameBytes)
        if overflow || bytes > maxEagerBytes {
            throw .eagerTooLarge(bytes: overflow ? Int.max : bytes, limit: maxEagerBytes, frameBytes: container.frameBytes)
        }
    }
}
