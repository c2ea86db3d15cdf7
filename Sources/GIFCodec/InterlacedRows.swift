/// The destination rows of a frame in the order its data stores them: top to bottom,
/// or the GIF's four interlace passes (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
public struct InterlacedRows: Sequence, IteratorProtocol, Sendable {
    private static let starts = [0, 4, 2, 1]
    private static let steps = [8, 8, 4, 2]
    private let height: Int
    private let interlaced: Bool
    private var pass = 0
    private var row = 0

    public init(height: Int, interlaced: Bool) {
        self.height = height
        self.interlaced = interlaced
    }

    public mutating func next() -> Int? {
        guard interlaced else {
            defer { row += 1 }
            return row < height ? row : nil
        }
        while pass < 4 {
            if row < height {
                defer { row += Self.steps[pass] }
                return row
            }
            pass += 1
            if pass < 4 { row = Self.starts[pass] }
        }
        return nil
    }
}
