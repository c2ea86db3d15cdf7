/// The frame table `bench inspect` prints for a GIF and for a WebP alike: a header and a row per frame, each column as
/// wide as its widest cell so that no value pushes the next out of line, the last column unpadded.
public enum FrameTable {
    /// The table's lines: `header`, then each row with its note (`"  (truncated)"`, say) after it.
    public static func lines(header: [String], rows: [[String]], notes: [String]? = nil) -> [String] {
        let widths = header.indices.map { column in rows.reduce(header[column].count) { max($0, $1[column].count) } }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                column == cells.count - 1 ? cells[column]
                    : cells[column] + String(repeating: " ", count: max(0, widths[column] + 1 - cells[column].count))
            }.joined(separator: " ")
        }
        return [line(header)] + rows.indices.map { line(rows[$0]) + (notes?[$0] ?? "") }
    }
}
