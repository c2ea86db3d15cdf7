import CaseModel
import FrameDecoders

/// One way to play every GIF of a suite: one of the package's decoder kinds at a window, or a policy that picks a
/// player per GIF.
public enum DecoderSetting: Sendable, Hashable, CustomStringConvertible {
    /// A decoder kind at this window (a number of frames is capped at the frame count), or keeping all; `.all` for a
    /// kind that takes no window.
    case kind(DecoderKind, PrefetchWindow)
    case policy(PrefetchPolicy)

    public static let eager = DecoderSetting.kind(.eager, .all)

    /// Whether this setting decodes every frame up front.
    public var isEager: Bool { if case .kind(.eager, _) = self { true } else { false } }
    public static func windowed(_ window: PrefetchWindow) -> DecoderSetting { .kind(.windowed, window) }
    public static func indexed(_ window: PrefetchWindow) -> DecoderSetting { .kind(.indexed, window) }

    /// The plan for a GIF of `frameCount` frames of `frameBytes` each.
    public func resolve(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderPlan {
        switch self {
        case .kind(let kind, let window):
            if case .frames(let frames) = kind.window(window) {
                DecoderPlan(.kind(kind, .frames(min(frames, max(frameCount, 1)))))
            } else {
                DecoderPlan(.kind(kind, .all))
            }
        case .policy(let policy): policy.plan(frameBytes: frameBytes, frameCount: frameCount, memory: memory)
        }
    }

    public var description: String {
        switch self {
        case .kind(let kind, let window): "\(DecoderChoice.kind(kind, window))"
        case .policy(let policy): policy.description
        }
    }
}

/// Parsing: `bench run --policies` and `bench feed --policies` take the same entries, so a setting is named one way.
extension DecoderSetting {
    /// The models a feed compares when none is named: eager, the project's windowed decoder, and the four libraries.
    public static let feedDefaults: [DecoderSetting] = [.eager, .windowed(.frames(Suite.defaultWindow)),
                                                        .policy(.kingfisher), .policy(.flanimatedimage),
                                                        .policy(.sdwebimage), .policy(.ylgifimage)]

    /// Parses one `--policies` entry: a decoder kind (`eager`; `windowed`, `windowed:N`, `indexed`, `indexed:N` at a
    /// window of N, default 4), a library with its settings (`kingfisher`, `kingfisher:preload=3`, …), `budget:SIZE`,
    /// or a registered player.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        if let kind = parts.first.flatMap(DecoderKind.named) {
            guard kind.takesWindow || parts.count == 1 else {
                throw UsageError("'\(text)': \(kind.name) has no settings to change")
            }
            let window = try parts.count == 2 ? Self.window(parts[1], text) : .frames(Suite.defaultWindow)
            self = .kind(kind, kind.window(window))
            return
        }
        self = .policy(try PrefetchPolicy(parsing: text))
    }

    /// Every entry ``init(parsing:)`` takes, for an error that lists them.
    public static var names: String {
        let kinds = DecoderKind.all.map { $0.takesWindow ? "\($0.name), \($0.name):N" : $0.name }
        return (kinds + PrefetchPolicy.libraries + ["budget:SIZE"] + PlayerRegistry.names).joined(separator: ", ")
    }

    /// Parses a `--policies` entry that may sweep one whole-number setting (`kingfisher:preload=2..12`): one setting
    /// per value, in order.
    public static func parsingSweep(_ text: String) throws(UsageError) -> [DecoderSetting] {
        var settings: [DecoderSetting] = []
        for entry in try PolicySettings.expand(text) { settings.append(try DecoderSetting(parsing: entry)) }
        return settings
    }

    private static func window(_ text: String, _ whole: String) throws(UsageError) -> PrefetchWindow {
        if text == "all" { return .all }
        guard let frames = Int(text), frames >= 1 else {
            throw UsageError("'\(whole)' needs a window of at least 1 frame or 'all', e.g. windowed:4")
        }
        return .frames(frames)
    }

    /// The decoder this setting plays a GIF with.
    public func decoder(for facts: (frameBytes: Int, frameCount: Int), memory: MachineMemory) -> DecoderChoice {
        resolve(frameBytes: facts.frameBytes, frameCount: facts.frameCount, memory: memory).decoder
    }

    /// The queue a library's player decodes on, how wide it is, and where its source says so.
    public var queue: String {
        switch self {
        case .policy(.kingfisher(_, _)):
            "a serial DispatchQueue per AnimatedImageView's animator, width 1 (`preloadQueue`, label "
                + "com.onevcat.Kingfisher.Animator.preloadQueue, Sources/Views/AnimatedImageView.swift)"
        case .policy(.flanimatedimage(_)):
            "a serial dispatch queue per FLAnimatedImage, width 1 (`serialQueue`, com.flipboard.framecachingqueue, "
                + "FLAnimatedImage.m)"
        case .policy(.sdwebimage(_)):
            "an NSOperationQueue per player with maxConcurrentOperationCount 1 (`fetchQueue`, SDAnimatedImagePlayer.m; "
                + "SDImageFramePool since 5.19, one per image provider)"
        case .policy(.ylgifimage):
            "a serial dispatch queue per YLGIFImage, width 1 (`readFrameQueue`, com.ronnie.gifreadframe, YLGIFImage.m)"
        case .kind(let kind, _):
            kind.decodesOn
        case .policy(.registered(let name)):
            "as the package that registered \(name) decodes it"
        case .policy(.file(let description)):
            "one background queue per player, width 1, as \(description.name)'s file describes it"
        case .policy(.budget):
            DecoderKind.windowed.decodesOn
        }
    }
}
