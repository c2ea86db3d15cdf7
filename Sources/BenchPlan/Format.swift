import Foundation

/// Number formatting for reports: every figure with its unit, no locale surprises.
public enum Format {
    /// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break, inner quotes doubled.
    public static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A count with its noun, singular or plural as the count asks: "1 GIF", "3 GIFs", "1 repetition".
    public static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// An integer with thousands separated by commas, as the reports write counts: 2,437.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    public static func seconds(_ value: Double) -> String { fixed(value, digits: 6) }

    /// `value` with exactly `digits` decimals; a value too large for that (or not finite) in Swift's own notation
    /// (`1e+300`, `inf`, `nan`), never a trap.
    public static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard value.isFinite, scaled < 9.0e15 else { return String(describing: value) }
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// Bytes in binary units: `311.0 MiB`, `512 B`.
    public static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var scaled = value, unit = 0
        while abs(scaled) >= 1024 && unit < units.count - 1 { scaled /= 1024; unit += 1 }
        return unit == 0 ? fixed(value, digits: 0) + " B" : fixed(scaled, digits: 1) + " " + units[unit]
    }

    /// A duration with a unit that keeps three significant places: `1.23 s`, `45.6 ms`, `789 µs`.
    public static func duration(_ seconds: Double) -> String {
        if seconds >= 1 { return fixed(seconds, digits: 2) + " s" }
        if seconds >= 1e-3 { return fixed(seconds * 1e3, digits: seconds >= 0.1 ? 0 : 1) + " ms" }
        return fixed(seconds * 1e6, digits: 0) + " µs"
    }

    /// A ratio: `20.3×`, `0.05×`; one under 0.01 keeps its first significant digit (`0.004×`), not `0.00×`.
    public static func ratio(_ value: Double) -> String {
        if value > 0 && value < 0.01 { return fixed(value, digits: min(6, Int(-log10(value).rounded(.down)) + 1)) + "×" }
        return fixed(value, digits: value >= 10 ? 1 : 2) + "×"
    }

    /// A signed percentage: `+4.2%`.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "n/a" }
        return (fraction >= 0 ? "+" : "") + fixed(fraction * 100, digits: 1) + "%"
    }
}
