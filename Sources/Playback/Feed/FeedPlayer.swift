import CaseModel
import FrameDecoders
import GIFCodec
import Synchronization

/// One player of a feed, as its view sees it at each display tick: it never blocks the display link. Its decoder is
/// built off the display link, in the feed's pool (an eager decoder decodes every frame there, as a library's loading
/// queue does); from then on its ``Playhead`` shows a frame due and decoded, and one not decoded is a stall (the
/// playhead waits for it) or a dropped frame (libraries that show another frame), as a case's player does
/// (``Player/playRealtime(loops:speed:refreshHz:start:memoryWarningAt:)``).
final class FeedPlayer {
    let id: Int
    let gif: FeedGIF
    let enteredAt: Double
    private let speed: Double
    private let loading: any FeedDecoderLoading
    private(set) var source: (any AnimatedFrameSource)?
    private var playhead = Playhead(delays: [])
    /// Each frame's delay at the feed's speed (the playhead's own, read while it runs).
    private var delays: [Double] = []
    private var warningPending = false
    /// Whether frame 0 was told due while the player waited to start.
    private var askedFirstFrame = false
    private(set) var summary: FeedPlayerSummary

    /// Player `id` of `feed`, entering at display tick `enteredAt` with its decoder being built by `loading`.
    init(id: Int, gif: FeedGIF, feed: FeedCase, loading: any FeedDecoderLoading, enteredAt: Double) {
        self.id = id
        self.gif = gif
        self.enteredAt = enteredAt
        speed = feed.speed
        summary = FeedPlayerSummary(player: id, gif: gif.name)
        self.loading = loading
    }

    /// The monotonic time of the next display tick this player needs: when its next frame is due; nil when it needs
    /// every tick (its decoder is being built, its first frame is not shown, or it waits for a frame).
    var nextDue: Double? { warningPending ? nil : playhead.nextDue }

    /// One display tick at monotonic time `tick`: shows, stalls on or drops the frame due. Throws when the decoder
    /// could not be built or a frame could not be had.
    func tick(_ tick: Double) throws(GIFError) {
        guard let source = try loaded() else { return }
        guard playhead.origin != nil else {
            guard source.isReady(frame: 0) else {
                // A player that asks for nothing at set-up (a player file's, Fresco's lazy first draw) is asked for
                // its first frame once, as a case's first `withFrame` asks it.
                if !askedFirstFrame {
                    source.frameDue(0)
                    askedFirstFrame = true
                }
                return
            }
            try show(0, source)
            playhead.begin(at: tick)
            summary.firstFrameSeconds = tick - enteredAt
            if warningPending { memoryWarning(at: tick) }
            return
        }
        try playhead.tick(tick, source: source) { [self] (step) throws(GIFError) in
            switch step {
            case .shown(_, let frame, let late):
                if let late { summary.stalled(late: late) }
                try show(frame, source)
            case .dropped(_, let frame):
                summary.droppedFrames += 1
                summary.animationSeconds += delays[frame]
            }
        }
    }

    private func show(_ index: Int, _ source: any AnimatedFrameSource) throws(GIFError) {
        let status = try source.withFrame(at: index) { $0.status }
        if status != .complete { summary.partialFrames += 1 }
        summary.framesShown += 1
        summary.animationSeconds += delays[index]
    }

    /// The decoder once built; nil while it is being built.
    private func loaded() throws(GIFError) -> (any AnimatedFrameSource)? {
        if let source { return source }
        guard let made = loading.made else { return nil }
        loading.finish()
        let built = try made.get()
        source = built
        delays = built.delays.map { $0.effectiveSeconds / speed }
        playhead = Playhead(delays: delays)
        return built
    }

    /// The system's low-memory warning: delivered now when the player is playing, else as soon as it is.
    func memoryWarning(at tick: Double) {
        guard let source, let origin = playhead.origin else {
            warningPending = true
            return
        }
        warningPending = false
        summary.heldBeforeWarning = source.heldFrames
        source.memoryWarning(at: tick - origin)
        summary.heldAfterWarning = source.heldFrames
        summary.warned = true
    }

    /// Frames the decoder holds now, and the bytes of one kept frame.
    var held: (frames: Int, frameBytes: Int)? {
        guard let source, let frames = source.heldFrames else { return nil }
        return (frames, source.keptSize.width * source.keptSize.height * 4)
    }

    /// Waits for the decoder if it is still being built, lets it go at display tick `tick`, and returns what the
    /// player saw: a frame it was still waiting for counts as a stall, late until now.
    func leave(at tick: Double) -> FeedPlayerSummary {
        if playhead.waiting { summary.stalled(late: tick - playhead.deadline) }
        loading.finish()
        if source == nil { source = try? loading.made?.get() }
        summary.heldFramesMax = source?.heldFramesMax ?? 0
        source = nil
        loading.release()
        return summary
    }
}
