import FrameDecoders
import GIFCodec
import MemoryProbe

/// What a playback run observed, apart from memory.
public struct PlaybackObservation: Sendable {
    /// Seconds from `start` until the first frame was in hand.
    public var firstFrameSeconds = 0.0
    /// Per-frame compositing durations (``FrameView/decodeSeconds``) of the first loop, in seconds.
    public var decodeSeconds: [Double] { decodeTrace.prefix(firstLoopFrames).map(\.seconds) }
    /// The decode cost of every frame shown, loop after loop: in throughput mode, the trace a replay plays
    /// (``FrameCostTrace``); in real time, the first loop's alone.
    public var decodeTrace: [DecodeCost] = []
    /// Frames in a loop: the first loop is the first this many entries of ``decodeTrace``.
    var firstLoopFrames = 0
    public var partialFrames = 0
    /// Real-time mode: frames that were not ready at their display tick and held the playhead.
    public var stalls = 0
    /// Real-time mode: frames that were not ready at their display tick and were skipped, the screen keeping another
    /// frame (players that do not wait: Kingfisher, YLGIFImage).
    public var droppedFrames = 0
    /// The most decoded frames the source held at once during playback, when it counts them.
    public var heldFramesMax: Int?
    /// Seconds the source spent downscaling frames to the display, when it scales.
    public var scalingSeconds: Double?
    /// What a delivered memory warning changed.
    public var memoryWarning: MemoryWarningObservation?
    /// Real-time mode: per-frame lateness past the display tick, in seconds (0 for frames on time).
    public var lateness: [Double] = []
    /// Seconds of animation played: the effective delays of every frame shown, divided by the speed.
    public var animationSeconds = 0.0
    /// Real-time mode, when asked for (a replay asks): the decoded frames the source held, at playback's start and at
    /// every display tick where the count changed, in seconds since frame 0 was shown.
    public var heldFrames: [HeldFramesSample] = []

    public init() {}

    /// Records `frames` held at `seconds` when the count changed since the last sample.
    mutating func held(_ frames: Int?, at seconds: Double) {
        guard let frames, frames != heldFrames.last?.frames else { return }
        heldFrames.append(HeldFramesSample(seconds: seconds, frames: frames))
    }

    /// The bookkeeping of every frame shown, in either mode: its decode time in the first loop, whether it was
    /// drawn whole, and its share of the animation.
    mutating func shown(loop: Int, status: FrameStatus, cost: DecodeCost, delay: Double, traced: Bool = false) {
        if loop == 0 || traced { decodeTrace.append(cost) }
        if loop == 0 { firstLoopFrames += 1 }
        if status != .complete { partialFrames += 1 }
        animationSeconds += delay
    }
}

/// How many decoded frames a player held from a moment of playback on.
public struct HeldFramesSample: Sendable, Hashable, Codable {
    /// Seconds since frame 0 was shown.
    public var seconds: Double
    public var frames: Int

    public init(seconds: Double, frames: Int) {
        self.seconds = seconds
        self.frames = frames
    }
}

/// A low-memory warning delivered during real-time playback, and what the player's answer freed.
public struct MemoryWarningObservation: Sendable {
    /// Seconds into playback it was delivered (the first display tick at or after the time asked for).
    public var seconds: Double
    public var heldBefore: Int?
    public var heldAfter: Int?
    /// jemalloc's `stats.allocated`, in bytes.
    public var allocatedBefore: Int
    public var allocatedAfter: Int
    /// Stalls counted before the warning: the stalls after it are the playback's less these.
    public var stallsBefore: Int
}

/// Drives a frame source through whole loops, sampling memory at every frame step.
public struct PlaybackLoop {
    public let source: any AnimatedFrameSource
    public let sampler: MemorySampler?

    /// Frame-step samples closer than this to the previous sample are skipped (the background thread covers them).
    public static let frameSampleGap = 0.002

    public init(source: any AnimatedFrameSource, sampler: MemorySampler?) {
        self.source = source
        self.sampler = sampler
    }

    /// Throughput mode: takes every frame as soon as it can be had, `loops` times over.
    /// `start` is the monotonic time the measured interval began (before the decoder was built).
    /// `trace` is where the decode costs go: its capacity reserved by the caller (frame count × loops), so that
    /// recording them allocates nothing inside the measured interval.
    public func play(loops: Int, start: Double,
                     trace: consuming [DecodeCost] = []) throws(GIFError) -> PlaybackObservation {
        var observation = PlaybackObservation()
        let delays = source.delays.map(\.effectiveSeconds)
        observation.decodeTrace = consume trace
        observation.decodeTrace.reserveCapacity(source.frameCount * loops)
        for loop in 0..<loops {
            for index in 0..<source.frameCount {
                let (status, decode) = try source.withFrame(at: index) { view in (view.status, view.cost) }
                if loop == 0 && index == 0 { observation.firstFrameSeconds = CPUTimes.monotonic() - start }
                observation.shown(loop: loop, status: status, cost: decode, delay: delays[index], traced: true)
                sampler?.sample(minimumGap: Self.frameSampleGap)
            }
        }
        return observation
    }

    /// Real-time mode: a player on the ``DisplayLink`` a feed's players share, at `refreshHz` on the monotonic clock.
    /// Frame 0 is taken as soon as it can be had, as in throughput mode; the link starts there, and its ``Playhead``
    /// asks for frame i at its deadline, the sum of the effective delays before it divided by `speed`. A frame not
    /// decoded at its display tick is a stall: the playhead waits for it (as FLAnimatedImage does), shows it at the
    /// first tick it is ready, late by the time past its deadline, and every later deadline moves back by the wait. A
    /// source whose library does not wait instead skips the frame: a dropped frame, and the playhead keeps its
    /// schedule. A memory warning is delivered at the first tick at or after `memoryWarningAt` seconds into playback.
    /// On a replay's `clock` (a ``VirtualClock``), the same loop plays traced decode costs in virtual time.
    /// With `recordingHeldFrames`, the frames the source holds are recorded at every tick where they changed
    /// (``PlaybackObservation/heldFrames``): a replay's memory over time; a measured case does not ask, so nothing
    /// is allocated inside its interval.
    public func playRealtime(loops: Int, speed: Double, refreshHz: Double, start: Double,
                             memoryWarningAt: Double? = nil, clock: any PlaybackClock = MonotonicClock(),
                             trace: consuming [DecodeCost] = [],
                             recordingHeldFrames: Bool = false,
                             stoppingWhenRough: Bool = false) throws(GIFError) -> PlaybackObservation {
        var observation = PlaybackObservation()
        let frameCount = source.frameCount
        let delays = source.delays.map { $0.effectiveSeconds / speed }
        observation.decodeTrace = consume trace
        observation.decodeTrace.reserveCapacity(frameCount)
        observation.lateness.reserveCapacity(frameCount * loops)
        let (status, decode) = try source.withFrame(at: 0) { view in (view.status, view.cost) }
        let origin = clock.now()
        observation.firstFrameSeconds = origin - start
        observation.shown(loop: 0, status: status, cost: decode, delay: delays[0])
        sampler?.sample(minimumGap: Self.frameSampleGap)
        if recordingHeldFrames { observation.held(source.heldFrames, at: 0) }
        var playhead = Playhead(delays: delays)
        playhead.begin(at: origin)
        var link = DisplayLink(start: origin, refreshHz: refreshHz, clock: clock)
        var warningDue = memoryWarningAt
        let end = loops * frameCount
        while playhead.position < end {
            let tick = link.wait()
            if let due = warningDue, tick - origin + 1e-9 >= due {
                // The tick at or after the time asked for: at it, to within the clock's rounding.
                warningDue = nil
                observation.memoryWarning = deliverMemoryWarning(at: max(due, tick - origin),
                                                                 stallsBefore: observation.stalls)
            }
            try playhead.tick(tick, source: source, end: end) { (step) throws(GIFError) in
                switch step {
                case .shown(let position, let frame, let late):
                    if late != nil { observation.stalls += 1 }
                    observation.lateness.append(late ?? 0)
                    let (status, decode) = try source.withFrame(at: frame) { view in (view.status, view.cost) }
                    observation.shown(loop: position / frameCount, status: status, cost: decode, delay: delays[frame])
                case .dropped(_, let frame):
                    observation.droppedFrames += 1
                    observation.animationSeconds += delays[frame]
                }
                sampler?.sample(minimumGap: Self.frameSampleGap)
            }
            if recordingHeldFrames { observation.held(source.heldFrames, at: tick - origin) }
            if stoppingWhenRough, observation.stalls > 0 || observation.droppedFrames > 0 { break }
            let due = playhead.nextDue.map { min($0, warningDue.map { origin + $0 } ?? .infinity) }
            link.done(nextNeeded: due)
        }
        return observation
    }

    /// Delivers the system's low-memory warning to the source and reads what it freed (allocated bytes read as the
    /// case's own readings are, after a thread-cache flush).
    private func deliverMemoryWarning(at seconds: Double, stallsBefore: Int) -> MemoryWarningObservation {
        let heldBefore = source.heldFrames
        let allocatedBefore = (try? AllocatorCounters.allocatedNow()) ?? 0
        source.memoryWarning(at: seconds)
        return MemoryWarningObservation(seconds: seconds, heldBefore: heldBefore, heldAfter: source.heldFrames,
                                        allocatedBefore: allocatedBefore,
                                        allocatedAfter: (try? AllocatorCounters.allocatedNow()) ?? 0,
                                        stallsBefore: stallsBefore)
    }

    /// Plays one more loop and hashes it: FNV-1a 64 over the frames' own FNV-1a 64 values (8 bytes each,
    /// little-endian), the frames as the source lends them (display-sized when it scales). Runs after the measured
    /// interval, so hashing costs nothing in the figures.
    public func framesHash() throws(GIFError) -> FrameHash {
        let size = source.keptSize
        var batch = FrameHashBatch(frameBytes: size.width * size.height * 4, frames: source.frameCount)
        for index in 0..<source.frameCount {
            try source.withFrame(at: index) { batch.add($0.pixels) }
        }
        return batch.finish()
    }

    /// The frames hash of `container` composited at full size with `codec`: a scaled case's frame identity, the same
    /// as any unscaled decoder's ``framesHash()``.
    public static func fullSizeFramesHash(_ container: any AnimationContainer, codec: LZWCodec,
                                          limits: DecodeLimits) throws(GIFError) -> FrameHash {
        let compositor = try container.makeCompositor(limits: limits, codec: codec)
        var batch = FrameHashBatch(frameBytes: container.frameBytes, frames: container.frameCount)
        for index in 0..<container.frameCount {
            _ = try compositor.composite(frame: index)
            batch.add(compositor.pixels)
        }
        return batch.finish()
    }
}
