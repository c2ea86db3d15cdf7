import FrameDecoders

/// One player's place in its animation on a display link, the same for a case and for each player of a feed: which
/// frame is due and when, and what the player does at a display tick when that frame is not decoded. It never
/// blocks: a player that waits for a frame (FLAnimatedImage) asks again at the next tick, a stall; one that does not
/// (Kingfisher, YLGIFImage) skips it, a dropped frame, and keeps its schedule.
struct Playhead {
    /// What happened to the frame at one position of playback (loop × frame count + `frame`).
    enum Step {
        /// Shown at the tick; `late` is the seconds past its due time when the player had waited for it (a stall).
        case shown(position: Int, frame: Int, late: Double?)
        /// Not decoded at its tick and skipped by a player that does not wait.
        case dropped(position: Int, frame: Int)
    }

    /// Each frame's effective delay divided by the playback speed, in seconds.
    let delays: [Double]
    /// Positions played through: frame 0 of the first loop is position 0.
    private(set) var position = 0
    /// When the frame at `position` is due, and when frame 0 was first shown (monotonic seconds).
    private(set) var deadline = 0.0
    private(set) var origin: Double?
    /// The frame due was not decoded at its tick and the player waits for it.
    private(set) var waiting = false

    init(delays: [Double]) {
        self.delays = delays
    }

    /// The frame at `position`.
    var frame: Int { position % delays.count }

    /// When the next display tick is needed: the due time of the next frame; nil when every tick is (not started yet,
    /// or waiting for a frame).
    var nextDue: Double? { origin != nil && !waiting ? deadline : nil }

    /// Frame 0 went on screen at `time`: the schedule starts there.
    mutating func begin(at time: Double) {
        origin = time
        deadline = time + delays[0]
        position = 1
    }

    /// A display tick at monotonic time `tick`: every position due by then, up to `end`, is shown (or dropped) through
    /// `step`, in order; a frame not decoded stops the playhead until a later tick when its player waits for frames.
    mutating func tick<Failure: Error>(_ tick: Double, source: any AnimatedFrameSource, end: Int = .max,
                                       _ step: (Step) throws(Failure) -> Void) throws(Failure) {
        guard let origin else { return }
        while position < end, tick + 1e-9 >= deadline {
            let frame = self.frame
            source.clock(tick - origin)
            if source.isReady(frame: frame) {
                var late: Double?
                if waiting {
                    late = max(0, tick - deadline)
                    deadline = tick
                    waiting = false
                }
                try step(.shown(position: position, frame: frame, late: late))
            } else if source.missBehaviour == .showsAnotherFrame {
                source.skip(frame: frame)
                try step(.dropped(position: position, frame: frame))
            } else {
                waiting = true
                source.frameDue(frame)
                return
            }
            deadline += delays[frame]
            position += 1
        }
    }
}
