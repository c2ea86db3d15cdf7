import GIFCodec

/// A library's player replayed on a ``VirtualClock``: the same ``ModelDecoder`` state, its ``RetentionRule`` told of
/// every event in the same order, its serial queue a `VirtualDecodingThread` charging each decode its traced cost.
/// Frames decoded up front cost the calling thread, as they do the real player's. A decode that needs one buffer more
/// than the player ever held also pays the trace's ``FrameCostTrace/firstTouch``: its pages are new. It lends no
/// pixels. Used on one thread.
public final class ReplayedModelDecoder: ReplayedDecoder, @unchecked Sendable {
    public let container: any AnimationContainer
    public let missBehaviour: MissBehaviour
    private let clock: VirtualClock
    private var state: ModelDecoder.State
    private var thread: VirtualDecodingThread<Int>
    private var charges: DecodeCharges
    /// Seconds the first touch of a fresh buffer's pages costs.
    private let firstTouch: Double
    /// Seconds spent decoding before playback.
    public private(set) var upFrontSeconds = 0.0
    public let builtAt: Double

    /// A replay of ``ModelDecoder`` playing `rule`, its decodes costing `trace`'s figures on `clock`.
    public init(container: any AnimationContainer, rule: any RetentionRule, trace: FrameCostTrace, clock: VirtualClock,
                loading: ReplayLoading = .onCaller) {
        self.container = container
        self.clock = clock
        missBehaviour = rule.missBehaviour
        var charges = DecodeCharges(trace: trace, frameCount: container.frameCount)
        let firstTouch = Double(trace.firstTouch ?? 0) / 1e9
        self.firstTouch = firstTouch
        state = ModelDecoder.State(rule: rule)
        var upFront = 0.0
        for frame in rule.decodedUpFront {
            // Each frame decoded up front is kept: a fresh buffer.
            let cost = charges.next(frame) + firstTouch
            upFront += cost
            state.keep(frame, Self.decoded(cost))
        }
        self.charges = charges
        upFrontSeconds = upFront
        builtAt = loading.build(costing: upFront, clock: clock)
        thread = VirtualDecodingThread(pool: loading.pool, availableFrom: builtAt)
        state.apply(RetentionStep(decode: rule.decodedAtStart))
        settle()
    }

    /// Seconds of decoding charged so far, up front and on the queue.
    public var decodeSeconds: Double { upFrontSeconds + thread.busySeconds }
    /// Decodes so far, up front and on the queue.
    public var decodes: Int { charges.decodes }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < container.frameCount else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        settle()
        var shown = state.lend(index)
        settle()
        while shown == nil {
            if state.store[index] != nil {
                shown = state.lendWaited(index)
                break
            }
            guard let running = thread.running else {
                // Nothing decodes the frame waited for (a rule that dropped it on arrival): ask for it, as the
                // player's wait does, or give up rather than wait for ever.
                guard state.isMissing(index) else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
                state.ask(index, first: true)
                settle()
                guard thread.running != nil else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
                continue
            }
            clock.advance(to: running.ends)
            settle()
        }
        state.shown(index)
        settle()
        guard let shown else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        return body(FrameView(index: index, pixels: UnsafeRawBufferPointer(start: nil, count: 0), status: shown.status,
                              cost: shown.cost))
    }

    public func isReady(frame: Int) -> Bool {
        settle()
        return state.store[frame] != nil
    }

    public func skip(frame index: Int) { settled { _ = $0.skipped(index) } }
    public func frameDue(_ index: Int) { settled { _ = $0.comeDue(index, inHand: false) } }
    public func memoryWarning(at seconds: Double) { settled { _ = $0.memoryWarning(at: seconds) } }
    public func clock(_ seconds: Double) { settled { _ = $0.clock(seconds) } }
    public var heldFramesMax: Int? { state.heldMax }
    public var heldFrames: Int? { state.held }

    /// Brings the queue up to the clock, tells the state of an event, and lets the queue take any work it made.
    private func settled(_ event: (inout ModelDecoder.State) -> Void) {
        settle()
        event(&state)
        settle()
    }

    /// Runs the virtual queue up to the clock: each decode that has ended arrives, and the queue takes the next frame
    /// asked for the moment it can.
    private func settle() {
        while true {
            if let done = thread.finished(by: clock.seconds) {
                state.finishDecoding(done.job, Self.decoded(done.cost))
                startNext(at: done.ended)
                continue
            }
            if thread.isIdle { startNext(at: clock.seconds) }
            return
        }
    }

    private func startNext(at time: Double) {
        let mostHeld = state.heldMax
        guard thread.isIdle, let frame = state.startDecoding() else { return }
        let freshBuffer = state.heldMax > mostHeld
        thread.start(frame, at: time, cost: charges.next(frame) + (freshBuffer ? firstTouch : 0))
    }

    /// A decoded frame as the state keeps it: a buffer of its own (its identity is what the state counts), one byte.
    private static func decoded(_ cost: Double) -> ModelDecoder.Decoded {
        ModelDecoder.Decoded(buffer: FrameBuffer(byteCount: 1), status: .complete, cost: DecodeCost(seconds: cost))
    }
}
