/// A frame's display time: the raw GCB value and the one browsers actually play.
public struct FrameDelay: Sendable, Hashable {
    /// The delay stored in the file, in centiseconds.
    public let centiseconds: UInt16

    public init(centiseconds: UInt16) { self.centiseconds = centiseconds }

    /// Raw delay in milliseconds.
    public var rawMilliseconds: Int { Int(centiseconds) * 10 }

    /// The delay a browser plays: 10 ms or less becomes 100 ms (Chromium, Firefox).
    public var effectiveMilliseconds: Int { rawMilliseconds <= Self.browserFloorMilliseconds ? Self.browserDefaultMilliseconds : rawMilliseconds }

    /// A stored delay at or under this plays as ``browserDefaultMilliseconds``.
    public static let browserFloorMilliseconds = 10, browserDefaultMilliseconds = 100

    /// Effective delay in seconds.
    public var effectiveSeconds: Double { Double(effectiveMilliseconds) / 1000 }
}
