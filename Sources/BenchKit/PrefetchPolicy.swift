import BenchCore
import Foundation

/// How much memory the machine has, for policies that size their buffer from it.
public struct MachineMemory: Sendable, Hashable {
    public var physicalBytes: UInt64
    public var availableBytes: UInt64

    public init(physicalBytes: UInt64, availableBytes: UInt64) {
        self.physicalBytes = physicalBytes
        self.availableBytes = availableBytes
    }
}

/// The frame-buffer rules real libraries use, as presets that pick a decoder and window per GIF.
public enum PrefetchPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Kingfisher's `AnimatedImageView.framePreloadCount`: 10 frames.
    case kingfisher
    /// FLAnimatedImage: all frames when the decoded animation is at most 10 MB, 5 frames up to 75 MB, else 1.
    case flanimatedimage
    /// SDWebImage's `SDAnimatedImagePlayer`: min(20% of physical memory, 60% of available memory) ÷ frame size, at least 1.
    case sdwebimage
    /// The largest window whose frames fit `bytes`, at least 1.
    case budget(bytes: Int)
    /// Decode everything up front.
    case eager

    /// Parses `kingfisher`, `flanimatedimage`, `sdwebimage`, `eager` or `budget:SIZE` (`32MiB`, `500KB`, `1048576`).
    public init(parsing text: String) throws(UsageError) {
        switch text.lowercased() {
        case "kingfisher": self = .kingfisher
        case "flanimatedimage": self = .flanimatedimage
        case "sdwebimage": self = .sdwebimage
        case "eager": self = .eager
        case let other where other.hasPrefix("budget:"):
            guard let bytes = ByteSize.parse(String(text.dropFirst("budget:".count))), bytes > 0 else {
                throw UsageError("'\(text)' needs a size from 1B to 1PiB, e.g. budget:32MiB")
            }
            self = .budget(bytes: bytes)
        default:
            throw UsageError("unknown policy '\(text)' (use kingfisher, flanimatedimage, sdwebimage, budget:SIZE, eager)")
        }
    }

    public var description: String {
        switch self {
        case .kingfisher: "kingfisher"
        case .flanimatedimage: "flanimatedimage"
        case .sdwebimage: "sdwebimage"
        case .budget(let bytes): "budget:\(ByteSize.format(bytes))"
        case .eager: "eager"
        }
    }

    static let megabyte = 1024 * 1024

    /// The plan for a GIF of `frameCount` frames of `frameBytes` each: this policy's decoder, chosen by it (`eager`
    /// is the decoder named, as `--windows` would).
    public func plan(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderPlan {
        self == .eager ? .eager : DecoderPlan(decoder(frameBytes: frameBytes, frameCount: frameCount, memory: memory), origin: .policy(description))
    }

    /// The decoder this policy plays a GIF of `frameCount` frames of `frameBytes` each with.
    /// A window that covers every frame becomes the windowed decoder's keep-all mode, as those libraries then cache all frames.
    public func decoder(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderChoice {
        let frameBytes = max(frameBytes, 1)
        let window: Int
        switch self {
        case .eager:
            return .eager
        case .kingfisher:
            window = 10
        case .flanimatedimage:
            let megabytes = Double(frameBytes) * Double(frameCount) / Double(Self.megabyte)
            if megabytes <= 10 { return .windowed(.all) }
            window = megabytes <= 75 ? 5 : 1
        case .sdwebimage:
            let budget = min(Double(memory.physicalBytes) * 0.2, Double(memory.availableBytes) * 0.6)
            window = max(1, Int(budget / Double(frameBytes)))
        case .budget(let bytes):
            window = max(1, bytes / frameBytes)
        }
        return window >= frameCount ? .windowed(.all) : .windowed(.frames(window))
    }
}

/// Byte sizes as people write them.
public enum ByteSize {
    /// The largest size any flag takes: 1 PiB.
    public static let maximum = 1 << 50

    /// `32MiB`, `32MB`, `512KiB`, `1GiB`, `4096`, `4096B` → bytes; `nil` when malformed, not finite or over ``maximum``.
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
        let units: [(String, Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1000), ("MB", 1_000_000),
                                      ("GB", 1_000_000_000), ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.lowercased().hasSuffix(suffix.lowercased()) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), number >= 0,
                  number * Double(scale) <= Double(maximum) else { return nil }
            return Int(number * Double(scale))
        }
        return Int(trimmed)
    }

    /// The shortest exact binary form: `32MiB`, `1536KiB`, `100B`.
    public static func format(_ bytes: Int) -> String {
        for (suffix, scale) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale)\(suffix)"
        }
        return "\(bytes)B"
    }
}
