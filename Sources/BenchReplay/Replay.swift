import Playback
import CaseModel
import FrameDecoders
import GIFCodec

/// Plays a setting on a virtual clock: the player's decoder replayed from a ``FrameCostTrace`` (each decode takes its
/// traced cost on the thread the decoder decodes on), driven by the real-time ``PlaybackLoop``, its display link and
/// playhead, as a case in real time is. No frame is decoded and nothing sleeps: a setting replays in microseconds.
public enum Replay {
    /// Replays `decoder` playing `container` for `loops` loops at `speed` on a display refreshing at `refreshHz`, its
    /// decodes costing `trace`'s figures; nil for a decoder a replay cannot play (a registered decoder of another
    /// package's own, the calibration block); a registered rule is found in `players`. A replay `askingOnlyIfSmooth`
    /// stops at the first stall or dropped frame and records no held frames: its outcome answers that question only.
    public static func play(_ decoder: DecoderChoice, container: any AnimationContainer, trace: FrameCostTrace,
                            loops: Int = 1, speed: Double = 1, refreshHz: Double = 60,
                            players: PlayerRegistry = .none,
                            askingOnlyIfSmooth: Bool = false) throws(GIFError) -> ReplayOutcome? {
        let clock = VirtualClock()
        guard let source = replayed(decoder, container: container, trace: trace, clock: clock, players: players) else {
            return nil
        }
        let observation = try PlaybackLoop(source: source, sampler: nil)
            .playRealtime(loops: loops, speed: speed, refreshHz: refreshHz, start: 0, clock: clock,
                          recordingHeldFrames: !askingOnlyIfSmooth, stoppingWhenRough: askingOnlyIfSmooth)
        return ReplayOutcome(stalls: observation.stalls, droppedFrames: observation.droppedFrames,
                             latenessSeconds: observation.lateness.reduce(0, +),
                             heldFramesMax: source.heldFramesMax ?? 0,
                             decodes: source.decodes, decodeSeconds: source.decodeSeconds,
                             firstFrameSeconds: observation.firstFrameSeconds,
                             animationSeconds: observation.animationSeconds,
                             heldFrames: observation.heldFrames)
    }

    /// Whether a replay can play `decoder`: every decoder kind and library model, and a registered retention rule;
    /// not another package's own decoder, nor the calibration block.
    public static func canPlay(_ decoder: DecoderChoice, players: PlayerRegistry = .none) -> Bool {
        if case .kind = decoder { true } else { decoder.playsARule(players: players) }
    }

    /// The replayed decoder `decoder` names, on `clock`, built where `loading` says.
    static func replayed(_ decoder: DecoderChoice, container: any AnimationContainer, trace: FrameCostTrace,
                         clock: VirtualClock, loading: ReplayLoading = .onCaller,
                         players: PlayerRegistry = .none) -> (any ReplayedDecoder)? {
        switch decoder {
        case .kind(let kind, let window):
            kind.takesWindow ? ReplayedWindowedDecoder(container: container, window: window, trace: trace, clock: clock,
                                                       loading: loading)
                             : ReplayedEagerDecoder(container: container, trace: trace, clock: clock, loading: loading)
        default:
            decoder.retentionRule(frameCount: container.frameCount, players: players).map { rule in
                ReplayedModelDecoder(container: container, rule: rule, trace: trace, clock: clock, loading: loading)
            }
        }
    }
}
