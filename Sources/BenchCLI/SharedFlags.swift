import BenchPlan
import Foundation
import GIFCodec

/// The values several commands' flags take, parsed one way: the limits and what a child is told of them, numbers
/// within a range, comma-separated lists, `--corpus`. Each error is one line naming the flag.
public enum SharedFlags {
    /// `--max-pixels N`, `--max-eager-bytes SIZE` and `--max-file-size SIZE`.
    public static func limits(_ arguments: inout ArgumentList) throws(UsageError) -> DecodeLimits {
        var limits = DecodeLimits.default
        // The largest a GIF can state: 65 535 × 65 535.
        if let pixels = try arguments.integer("--max-pixels", in: 1...4_294_836_225) { limits.maxCanvasPixels = pixels }
        if let text = try arguments.value("--max-eager-bytes") {
            limits.maxEagerBytes = try ByteSize.parse(text, flag: "--max-eager-bytes", example: "4GiB")
        }
        if let text = try arguments.value("--max-file-size") {
            limits.maxFileBytes = try ByteSize.parse(text, flag: "--max-file-size", example: "512MiB")
        }
        return limits
    }

    /// The flags ``limits(_:)`` reads back as `limits`: a child's command line under the parent's limits.
    public static func arguments(_ limits: DecodeLimits) -> [String] {
        ["--max-pixels", "\(limits.maxCanvasPixels)", "--max-eager-bytes", "\(limits.maxEagerBytes)",
         "--max-file-size", "\(limits.maxFileBytes)"]
    }

    /// The flags of a command that reads GIFs one at a time: the codec, the timeout and the limits.
    public static let readingHelp = """
      --codec CODEC          LZW decoder: \(CodecOption.help)
      --timeout SECONDS      how long a pipe or FIFO may take to deliver its bytes (default: 300)
    \(limitsHelp)
    """

    /// The help lines of the flags ``limits(_:)`` and `--allow-special-files` read.
    public static let limitsHelp = """
      --max-pixels N         refuse a GIF whose screen, or any frame, has more pixels than N (default: 100000000)
      --max-eager-bytes SIZE refuse to decode eagerly a GIF needing more than SIZE, e.g. 4GiB (default: 4GiB)
      --max-file-size SIZE   refuse to read more than SIZE from one file (default: 256MiB)
      --allow-special-files  read pipes, FIFOs and devices as well as regular files (up to --max-file-size, within
                             --timeout), e.g. --gif <(curl -s URL); by default only regular files are read
    """

    /// `values` without repeats, in first-seen order.
    public static func distinct<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// `--corpus synthetic|real|all`, or nil when absent.
    public static func corpus(_ arguments: inout ArgumentList) throws(UsageError) -> CorpusChoice? {
        try arguments.value("--corpus").map { text throws(UsageError) in
            guard let choice = CorpusChoice(rawValue: text) else { throw UsageError("--corpus takes synthetic, real or "
                                                                                    + "all, not '\(text)'") }
            return choice
        }
    }

    public static func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// A number from 0 to 100 for a test knob.
    public static func fraction(_ text: String?, flag: String) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value >= 0, value <= 100 else { throw UsageError("\(flag) takes a number from 0 to 100, not '\(text)'") }
        return value
    }

    /// A number within `range`, or one line stating the range.
    public static func number(_ text: String?, flag: String,
                              in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(flag) takes a number from "
                             + "\(Format.fixed(range.lowerBound, digits: range.lowerBound < 1 ? 2 : 0)) to "
                             + "\(Format.fixed(range.upperBound, digits: 0)), not '\(text)'")
        }
        return value
    }
}
