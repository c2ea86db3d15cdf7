import BenchCore
import FrameDecoders
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

/// How a suite picks a player per GIF by name (`--policies`): a library's player as its source code does it, the
/// project's windowed decoder sized to a budget, or eager decoding.
public enum PrefetchPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Kingfisher's `AnimatedImageView`: 10 frames ahead, played frames freed; drops a frame it does not have.
    case kingfisher
    /// FLAnimatedImage: a frame cache of every frame (up to 10 MB decoded), 5 (up to 75 MB) or 1, the frame on screen
    /// counted, plus the poster frame; waits for a frame it does not have.
    case flanimatedimage
    /// SDWebImage's `SDAnimatedImagePlayer`: a pool of min(20% of physical memory, 60% of available memory) ÷ frame
    /// size frames, at least 1, fetching the next frame one at a time; waits for a frame it does not have.
    case sdwebimage
    /// YLGIFImage: the first 10 frames decoded up front, then 10 ahead, played frames but frame 0 freed; drops a frame
    /// it does not have.
    case ylgifimage
    /// The project's windowed decoder with the largest window whose frames fit `bytes`, at least 1.
    case budget(bytes: Int)
    /// Decode everything up front.
    case eager

    /// Parses `kingfisher`, `flanimatedimage`, `sdwebimage`, `ylgifimage`, `eager` or `budget:SIZE` (`32MiB`, `500KB`,
    /// `1048576`).
    public init(parsing text: String) throws(UsageError) {
        switch text.lowercased() {
        case KingfisherRule.name: self = .kingfisher
        case FLAnimatedImageRule.name: self = .flanimatedimage
        case SDWebImageRule.name: self = .sdwebimage
        case YLGIFImageRule.name: self = .ylgifimage
        case "eager": self = .eager
        case let other where other.hasPrefix("budget:"):
            guard let bytes = ByteSize.parse(String(text.dropFirst("budget:".count))), bytes > 0 else {
                throw UsageError("'\(text)' needs a size from 1B to 1PiB, e.g. budget:32MiB")
            }
            self = .budget(bytes: bytes)
        default:
            throw UsageError("unknown policy '\(text)' (use kingfisher, flanimatedimage, sdwebimage, ylgifimage, budget:SIZE, eager)")
        }
    }

    public var description: String {
        switch self {
        case .kingfisher: KingfisherRule.name
        case .flanimatedimage: FLAnimatedImageRule.name
        case .sdwebimage: SDWebImageRule.name
        case .ylgifimage: YLGIFImageRule.name
        case .budget(let bytes): "budget:\(ByteSize.format(bytes))"
        case .eager: "eager"
        }
    }

    /// The plan for a GIF of `frameCount` frames of `frameBytes` each: this policy's decoder, chosen by it (`eager`
    /// is the decoder named, as `--windows` would).
    public func plan(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderPlan {
        self == .eager ? .eager : DecoderPlan(decoder(frameBytes: frameBytes, frameCount: frameCount, memory: memory), origin: .policy(description))
    }

    /// The decoder this policy plays a GIF of `frameCount` frames of `frameBytes` each with.
    public func decoder(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderChoice {
        let frameBytes = max(frameBytes, 1)
        switch self {
        case .eager:
            return .eager
        case .kingfisher:
            return .library(.kingfisher)
        case .ylgifimage:
            return .library(.ylgifimage)
        case .flanimatedimage:
            return .library(.flanimatedimage(cacheSize: min(FLAnimatedImageRule.cacheSize(frameCount: frameCount, frameBytes: frameBytes),
                                                            frameCount)))
        case .sdwebimage:
            return .library(.sdwebimage(maxBufferCount: SDWebImageRule.maxBufferCount(
                frameBytes: frameBytes, physicalBytes: memory.physicalBytes, freeBytes: memory.availableBytes)))
        case .budget(let bytes):
            let window = max(1, bytes / frameBytes)
            return window >= frameCount ? .windowed(.all) : .windowed(.frames(window))
        }
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
