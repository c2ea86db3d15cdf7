import CaseModel
import FrameDecoders

/// A way every player of a feed plays: one of `bench run`'s decoder settings (the project's decoders, a library's
/// player, a budget), resolved per GIF as a suite resolves it.
public struct FeedModel: Sendable, Hashable, CustomStringConvertible {
    public var setting: DecoderSetting

    public init(_ setting: DecoderSetting) { self.setting = setting }

    /// The models a feed compares when none is named: eager, the project's windowed decoder, and the four libraries.
    public static let defaults: [FeedModel] = [.init(.eager), .init(.windowed(.frames(Suite.defaultWindow))),
                                               .init(.policy(.kingfisher)), .init(.policy(.flanimatedimage)),
                                               .init(.policy(.sdwebimage)), .init(.policy(.ylgifimage))]

    /// Parses a `--policies` entry: a decoder kind (`eager`; `windowed`, `windowed:N`, `indexed`, `indexed:N` at a
    /// window of N, default 4), or a policy of `bench run --policies` (`kingfisher`, `budget:32MiB`, …).
    public init(parsing text: String) throws(UsageError) {
        let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        if let kind = parts.first.flatMap(DecoderKind.named) {
            guard kind.takesWindow || parts.count == 1 else { throw UsageError("'\(text)': \(kind.name) has no settings to change") }
            setting = .kind(kind, kind.window(try parts.count == 2 ? Self.window(parts[1], text) : .frames(Suite.defaultWindow)))
            return
        }
        switch parts.first {
        case KingfisherRule.name, FLAnimatedImageRule.name, SDWebImageRule.name, YLGIFImageRule.name, "budget":
            setting = .policy(try PrefetchPolicy(parsing: text))
        case _ where PlayerRegistry.player(named: String(text.prefix { $0 != ":" })) != nil:
            setting = .policy(try PrefetchPolicy(parsing: text))
        default:
            let kinds = DecoderKind.all.map { $0.takesWindow ? "\($0.name), \($0.name):N" : $0.name }.joined(separator: ", ")
            throw UsageError("unknown model '\(text)' (use \(kinds), kingfisher, flanimatedimage, sdwebimage, ylgifimage, budget:SIZE)")
        }
    }

    /// Parses a `--policies` entry that may sweep a library's setting (`kingfisher:preload=2..6`): one model per value.
    public static func parsingSweep(_ text: String) throws(UsageError) -> [FeedModel] {
        var models: [FeedModel] = []
        for entry in try PolicySettings.expand(text) { models.append(try FeedModel(parsing: entry)) }
        return models
    }

    private static func window(_ text: String, _ whole: String) throws(UsageError) -> PrefetchWindow {
        if text == "all" { return .all }
        guard let frames = Int(text), frames >= 1 else { throw UsageError("'\(whole)' needs a window of at least 1 frame or 'all', e.g. windowed:4") }
        return .frames(frames)
    }

    /// The decoder this model plays a GIF with.
    public func decoder(for facts: (frameBytes: Int, frameCount: Int), memory: MachineMemory) -> DecoderChoice {
        setting.resolve(frameBytes: facts.frameBytes, frameCount: facts.frameCount, memory: memory).decoder
    }

    public var description: String {
        if case .policy(.eager) = setting { return DecoderKind.eager.name }
        return setting.description
    }

    /// The queue a library's player decodes on, how wide it is, and where its source says so.
    public var queue: String {
        switch setting {
        case .policy(.kingfisher(_, _)):
            "a serial DispatchQueue per AnimatedImageView's animator, width 1 (`preloadQueue`, label com.onevcat.Kingfisher.Animator.preloadQueue, Sources/Views/AnimatedImageView.swift)"
        case .policy(.flanimatedimage(_)):
            "a serial dispatch queue per FLAnimatedImage, width 1 (`serialQueue`, com.flipboard.framecachingqueue, FLAnimatedImage.m)"
        case .policy(.sdwebimage(_)):
            "an NSOperationQueue per player with maxConcurrentOperationCount 1 (`fetchQueue`, SDAnimatedImagePlayer.m; SDImageFramePool since 5.19, one per image provider)"
        case .policy(.ylgifimage):
            "a serial dispatch queue per YLGIFImage, width 1 (`readFrameQueue`, com.ronnie.gifreadframe, YLGIFImage.m)"
        case .kind(let kind, _):
            kind.decodesOn
        case .policy(.eager):
            DecoderKind.eager.decodesOn
        case .policy(.registered(let name)):
            "as the package that registered \(name) decodes it"
        case .policy(.file(let description)):
            "one background queue per player, width 1, as \(description.name)'s file describes it"
        case .policy(.budget):
            DecoderKind.windowed.decodesOn
        }
    }
}
