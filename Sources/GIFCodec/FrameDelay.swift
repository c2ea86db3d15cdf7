/// A frame's display time: the value stored in the file and the one browsers actually play.
public struct FrameDelay: Sendable, Hashable {
    /// The delay stored in the file, in milliseconds (a GIF stores centiseconds, a WebP milliseconds); 4 bytes, so
    /// that a GIF's index of every frame stays small.
    private let storedMilliseconds: UInt32

    /// A GIF's Graphic Control Extension delay.
    public init(centiseconds: UInt16) { storedMilliseconds = UInt32(centiseconds) * 10 }

    /// A WebP frame's duration (its ANMF chunk's 24-bit value).
    public init(milliseconds: Int) { storedMilliseconds = UInt32(clamping: milliseconds) }

    /// The delay stored in the file, in milliseconds.
    public var rawMilliseconds: Int { Int(storedMilliseconds) }

    /// The delay in whole centiseconds, as a GIF stores it (rounded down, at most 65535).
    public var centiseconds: UInt16 { UInt16(clamping: rawMilliseconds / 10) }

    /// The delay a browser plays: 10 ms or less becomes 100 ms (Chromium and Firefox, for GIF and WebP alike).
    public var effectiveMilliseconds: Int { rawMilliseconds <= Self.browserFloorMilliseconds ? Self.browserDefaultMilliseconds : rawMilliseconds }

    /// A stored delay at or under this plays as ``browserDefaultMilliseconds``.
    public static let browserFloorMilliseconds = 10, browserDefaultMilliseconds = 100

    /// Effective delay in seconds.
    public var effectiveSeconds: Double { Double(effectiveMilliseconds) / 1000 }
}
