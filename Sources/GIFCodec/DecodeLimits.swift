/// Ceilings that refuse a GIF before any large allocation, so a hostile file cannot exhaust memory.
public struct DecodeLimits: Sendable, Hashable, Codable {
    /// Largest logical screen, and largest frame rectangle, in pixels (width × height): a frame far larger than its
    /// screen costs its whole area in LZW work even though only the part on the screen is drawn.
    public var maxCanvasPixels: Int
    /// Most bytes an eager decoder may hold (frames × width × height × 4), and any player: a library's model or a
    /// player file that keeps many frames is held to the same budget, checked before its first frame is decoded.
    public var maxEagerBytes: Int
    /// Most bytes read from one GIF file.
    public var maxFileBytes: Int

    public init(maxCanvasPixels: Int = 100_000_000, maxEagerBytes: Int = 4 << 30, maxFileBytes: Int = 256 << 20) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxEagerBytes = maxEagerBytes
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = DecodeLimits()

    /// Throws when `container`'s canvas, or any frame's rectangle, exceeds the pixel budget.
    public func check(_ container: GIFContainer) throws(GIFError) {
        let pixels = container.width * container.height
        if pixels > maxCanvasPixels {
            throw .canvasTooLarge(width: container.width, height: container.height, limit: maxCanvasPixels)
        }
        if let index = container.frames.firstIndex(where: { $0.rect.width * $0.rect.height > maxCanvasPixels }) {
            let rect = container.frames[index].rect
            throw .frameTooLarge(frame: index, width: rect.width, height: rect.height, limit: maxCanvasPixels)
        }
    }

    /// Throws when decoding every frame up front would exceed the eager budget.
    /// Throws when `player`, holding at most `frames` decoded frames of `frameBytes` each, could hold more bytes
    /// than ``maxEagerBytes``.
    public func checkHeld(player: String, frames: Int, frameBytes: Int) throws(GIFError) {
        let (bytes, overflow) = frames.multipliedReportingOverflow(by: frameBytes)
        if overflow || bytes > maxEagerBytes {
            throw .playerTooLarge(player: player, frames: frames, bytes: overflow ? Int.max : bytes,
                                  limit: maxEagerBytes)
        }
    }

    public func checkEager(_ container: any AnimationContainer) throws(GIFError) {
        try container.check(self)
        let (bytes, overflow) = container.frameCount.multipliedReportingOverflow(by: container.frameBytes)
        if overflow || bytes > maxEagerBytes {
            throw .eagerTooLarge(bytes: overflow ? Int.max : bytes, limit: maxEagerBytes,
                                 frameBytes: container.frameBytes)
        }
    }
}

extension DecodeLimits {
    private enum CodingKeys: String, CodingKey { case maxCanvasPixels, maxEagerBytes, maxFileBytes }

    /// Reports written before `maxFileBytes` existed read as the default file limit.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maxCanvasPixels: try values.decode(Int.self, forKey: .maxCanvasPixels),
                  maxEagerBytes: try values.decode(Int.self, forKey: .maxEagerBytes),
                  maxFileBytes: try values.decodeIfPresent(Int.self, forKey: .maxFileBytes) ?? DecodeLimits.default.maxFileBytes)
    }
}
