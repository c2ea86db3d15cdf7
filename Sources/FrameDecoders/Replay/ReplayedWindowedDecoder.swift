import GIFCodec

/// The windowed decoder (and the indexed one, with its own trace) replayed on a ``VirtualClock``: the same
/// `PrefetchStrategy` a ``WindowedDecoder`` and its prefetch thread share, its thread a
/// `VirtualDecodingThread` charging each decode its traced cost. It lends no pixels. Used on one thread.
public final class ReplayedWindowedDecoder: ReplayedDecoder, @unchecked Sendable {
    public let container: any AnimationContainer
    public let window: Int
    private let clock: VirtualClock
    private var strategy: any PrefetchStrategy
    private var thread: VirtualDecodingThread<PrefetchJob>
    private var charges: DecodeCharges
    public let builtAt: Double

    /// A replay of ``WindowedDecoder`` at `window`, its decodes costing `trace`'s figures on `clock`.
    public init(container: any AnimationContainer, window: PrefetchWindow, trace: FrameCostTrace, clock: VirtualClock,
                loading: ReplayLoading = .onCaller) {
        self.container = container
        self.clock = clock
        builtAt = loading.build(costing: 0, clock: clock)
        thread = VirtualDecodingThread(pool: loading.pool, availableFrom: builtAt)
        charges = DecodeCharges(trace: trace, frameCount: container.frameCount)
        switch window {
        case .frames(let frames):
            precondition(frames >= 1, "window must be at least 1")
            self.window = frames
            strategy = RecyclingWindow(window: frames, slots: frames + 1, frameCount: container.frameCount)
        case .all:
            self.window = container.frameCount
            strategy = KeepAll(frameCount: container.frameCount)
        }
        settle()
    }

    /// Seconds of decoding charged so far.
    public var decodeSeconds: Double { thread.busySeconds }
    /// Decodes started so far.
    public var decodes: Int { thread.decodes }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < container.frameCount else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        settle()
        if strategy.prepareToTake(frame: index) { settle() }
        while !strategy.canTake(frame: index) {
            // The player blocks until the prefetch thread has it: the clock jumps to the end of the decode running.
            guard let running = thread.running else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
            clock.advance(to: running.ends)
            settle()
        }
        let item = strategy.take(frame: index)
        defer {
            _ = strategy.recycle(slot: item.slot)
            settle()
        }
        return body(FrameView(index: index, pixels: UnsafeRawBufferPointer(start: nil, count: 0), status: item.status,
                              cost: item.cost))
    }

    public func isReady(frame index: Int) -> Bool {
        settle()
        return index >= 0 && index < container.frameCount && strategy.isReady(frame: index)
    }

    public var heldFramesMax: Int? { strategy.heldMax }
    public var heldFrames: Int? { strategy.heldNow }

    /// Runs the virtual prefetch thread up to the clock: each decode that has ended is published, and the thread
    /// starts the next job the moment it can, as the real thread wakes when the queue has work.
    private func settle() {
        while true {
            if let done = thread.finished(by: clock.seconds) {
                strategy.finish(done.job, status: .complete, cost: DecodeCost(seconds: done.cost))
                startNext(at: done.ended)
                continue
            }
            if thread.isIdle { startNext(at: clock.seconds) }
            return
        }
    }

    private func startNext(at time: Double) {
        guard thread.isIdle, strategy.hasWork else { return }
        let job = strategy.nextJob()
        thread.start(job, at: time, cost: charges.next(job.frame))
    }
}
