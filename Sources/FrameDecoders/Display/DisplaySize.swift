/// The size in pixels of the view a GIF is shown in (`--display WxH`). Players that prescale (Kingfisher's
/// `needsPrescaling`, ImageIO thumbnails) hold each frame at the size it is drawn at, not the GIF's.
public struct DisplaySize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// A view of `width` × `height` pixels, each at least 1.
    public init(width: Int, height: Int) {
        precondition(width >= 1 && height >= 1, "a display is at least 1×1 pixels")
        self.width = width
        self.height = height
    }

    /// Reads `WxH` (e.g. `320x320`); nil when either side is missing, not a whole number, or below 1.
    public init?(parsing text: String) {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
              (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    /// The size a `screenWidth` × `screenHeight` GIF's frames are held at in this view: the largest that fits with the
    /// GIF's aspect ratio (aspect fit, each side rounded, at least 1). `nil` when the GIF already fits (no scaling: a
    /// view larger than the GIF's screen is filled by the view's own scaling, not by larger frames).
    public func heldSize(screenWidth: Int, screenHeight: Int) -> (width: Int, height: Int)? {
        guard screenWidth > width || screenHeight > height else { return nil }
        let scale = min(Double(width) / Double(screenWidth), Double(height) / Double(screenHeight))
        return (max(1, min(width, Int((Double(screenWidth) * scale).rounded()))),
                max(1, min(height, Int((Double(screenHeight) * scale).rounded()))))
    }

    public var description: String { "\(width)x\(height)" }
}
