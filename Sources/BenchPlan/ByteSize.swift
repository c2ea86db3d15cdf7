import Foundation

/// Byte sizes as people write them.
public enum ByteSize {
    /// The largest size any flag takes: 1 PiB.
    public static let maximum = 1 << 50

    /// `32MiB`, `32MB`, `512KiB`, `1GiB`, `2TiB`, `1PiB`, `4096`, `4096B` → bytes; `nil` when malformed, not finite or
    /// over ``maximum``.
    public static func parse(_ text: String) -> Int? {
        guard let bytes = parseUnbounded(text), bytes >= 0, bytes <= maximum else { return nil }
        return bytes
    }

    /// A size flag's value from 1 B to ``maximum``, or one line saying what the flag takes.
    public static func parse(_ text: String, flag: String, example: String) throws(UsageError) -> Int {
        guard let bytes = parse(text), bytes >= 1 else {
            throw UsageError("\(flag) takes a size from 1B to 1PiB, such as \(example), not '\(text)'")
        }
        return bytes
    }

    private static func parseUnbounded(_ text: String) -> Int? {
        let units: [(String, Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("TiB", 1 << 40),
                                      ("PiB", 1 << 50), ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000),
                                      ("TB", 1_000_000_000_000), ("PB", 1_000_000_000_000_000), ("K", 1 << 10),
                                      ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40), ("P", 1 << 50), ("B", 1)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.lowercased().hasSuffix(suffix.lowercased()) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), number >= 0,
                  number * Double(scale) <= Double(maximum) else { return nil }
            return Int(number * Double(scale))
        }
        return Int(trimmed)
    }

    /// The shortest exact binary form: `32MiB`, `1536KiB`, `100B` (`32 MiB` with a space for `separator`).
    public static func format(_ bytes: Int, separator: String = "") -> String {
        for (suffix, scale) in [("PiB", 1 << 50), ("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20),
                                ("KiB", 1 << 10)]
            where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale)\(separator)\(suffix)"
        }
        return "\(bytes)\(separator)B"
    }
}
