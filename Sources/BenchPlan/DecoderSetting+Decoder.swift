import CaseModel
import FrameDecoders
import PlayerModels

/// What a setting plays one GIF with, and on which queue.
extension DecoderSetting {
    /// The decoder this setting plays a GIF of `frameCount` frames of `frameBytes` each with: a kind's window capped
    /// at the frame count, or the counts a library's rule, a player file or a budget gives for frames of that size.
    public func decoder(frameBytes: Int, frameCount: Int, memory: MachineMemory) -> DecoderChoice {
        let frameBytes = max(frameBytes, 1)
        switch self {
        case .kind(let kind, let window):
            guard case .frames(let frames) = kind.window(window) else { return .kind(kind, .all) }
            return .kind(kind, .frames(min(frames, max(frameCount, 1))))
        case .kingfisher(let preload, let prescales):
            // A budget holds the frame on screen and the frames preloaded.
            let count = preload.frames(frameBytes: frameBytes, besides: 1)
            return .kingfisher(KingfisherSettings(framePreloadCount: count, needsPrescaling: prescales))
        case .ylgifimage:
            return .ylgifimage
        case .flanimatedimage(let max):
            let cap = max?.frames(frameBytes: frameBytes, besides: 0) ?? 0
            let size = FLAnimatedImageRule.cacheSize(frameCount: frameCount, frameBytes: frameBytes,
                                                     frameCacheSizeMax: cap)
            return .flanimatedimage(cacheSize: min(size, frameCount), frameCacheSizeMax: cap)
        case .sdwebimage(let size):
            let pool = SDWebImageRule.maxBufferCount(frameBytes: frameBytes, physicalBytes: memory.physicalBytes,
                                                     freeBytes: memory.availableBytes, maxBufferSize: size)
            return .sdwebimage(maxBufferCount: pool, maxBufferSize: size)
        case .file(let description):
            return Self.described(description, frameBytes: frameBytes, frameCount: frameCount, memory: memory)
        case .platform(let player):
            return Self.described(player.description, frameBytes: frameBytes, frameCount: frameCount, memory: memory)
        case .registered(let player):
            return .registered(name: player.name, frameBytes: frameBytes,
                               framesAhead: player.framesAhead(frameCount: frameCount, frameBytes: frameBytes))
        case .budget(let bytes):
            let window = max(1, bytes / frameBytes)
            return window >= frameCount ? .windowed(.all) : .windowed(.frames(window))
        }
    }

    /// A description's player for one GIF: the frames it keeps and those its budget holds, from the frames' size.
    private static func described(_ description: PlayerDescription, frameBytes: Int, frameCount: Int,
                                  memory: MachineMemory) -> DecoderChoice {
        let count = description.count(frameCount: frameCount, frameBytes: frameBytes,
                                      physicalBytes: memory.physicalBytes, freeBytes: memory.availableBytes)
        // A budget larger than the GIF keeps it whole: it counts no more frames than the GIF has.
        return .described(description, count: count,
                          budgetFrames: description.holdsUpTo.map { min($0.frames(frameBytes: frameBytes), frameCount) })
    }

    /// The queue a setting's player decodes on, how wide it is, and where a library's source says so.
    public var queue: String {
        switch self {
        case .kingfisher:
            "a serial DispatchQueue per AnimatedImageView's animator, width 1 (`preloadQueue`, label "
                + "com.onevcat.Kingfisher.Animator.preloadQueue, Sources/Views/AnimatedImageView.swift)"
        case .flanimatedimage:
            "a serial dispatch queue per FLAnimatedImage, width 1 (`serialQueue`, com.flipboard.framecachingqueue, "
                + "FLAnimatedImage.m)"
        case .sdwebimage:
            "an NSOperationQueue per player with maxConcurrentOperationCount 1 (`fetchQueue`, SDAnimatedImagePlayer.m; "
                + "SDImageFramePool since 5.19, one per image provider)"
        case .ylgifimage:
            "a serial dispatch queue per YLGIFImage, width 1 (`readFrameQueue`, com.ronnie.gifreadframe, YLGIFImage.m)"
        case .kind(let kind, _): kind.decodesOn
        case .registered(let player): "as the package that registered \(player.name) decodes it"
        case .file(let description):
            "one background queue per player, width 1, as \(description.name)'s file describes it"
        case .platform(let player): player.queue
        case .budget: DecoderKind.windowed.decodesOn
        }
    }
}
