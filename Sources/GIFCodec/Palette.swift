/// One RGB colour of a GIF colour table.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A GIF colour table (global or local), 1 to 256 entries.
public struct Palette: Sendable, Hashable {
    public let colors: [RGB]

    public init(_ colors: [RGB]) { self.colors = colors }
}
