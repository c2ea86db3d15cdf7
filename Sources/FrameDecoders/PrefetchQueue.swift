import GIFCodec
import PosixThreads

/// A frame the prefetch thread is asked to decode into a slot of the frame pool.
struct PrefetchJob {
    let frame: Int
    let slot: Int
    let generation: Int
}

/// A decoded frame waiting in a slot for the player.
struct ReadyFrame {
    let frame: Int
    let slot: Int
    let status: FrameStatus
    let cost: DecodeCost
}

/// How frames flow between a windowed decoder's player and its prefetch thread: the state both share, changed only
/// under the queue's lock. Two strategies: a recycling window, and keep-all.
protocol PrefetchStrategy {
    /// The prefetch thread has a frame to decode now.
    var hasWork: Bool { get }
    /// Takes the next frame to decode; called only when ``hasWork``.
    mutating func nextJob() -> PrefetchJob
    /// Publishes a decoded frame (or drops a stale one).
    mutating func finish(_ job: PrefetchJob, status: FrameStatus, cost: DecodeCost)
    /// The player is about to wait for `frame`: a jump elsewhere discards what was prefetched. True when that freed
    /// room the prefetch thread may be waiting for.
    mutating func prepareToTake(frame: Int) -> Bool
    /// Whether `frame` can be handed out now.
    func canTake(frame: Int) -> Bool
    /// Hands `frame` out; called only when ``canTake(frame:)``.
    mutating func take(frame: Int) -> ReadyFrame
    /// Returns a played frame's slot; true when the slot was freed for reuse.
    mutating func recycle(slot: Int) -> Bool
    /// Whether the player could have `frame` now without waiting.
    func isReady(frame: Int) -> Bool
    /// The most slots holding a decoded (or decoding) frame at once so far.
    var heldMax: Int { get }
    /// The slots holding a decoded (or decoding) frame now.
    var heldNow: Int { get }
}

/// At most `window` decoded frames wait ahead of the playhead, in a pool of `window + 1` slots; played frames' slots
/// are reused and every loop decodes again.
struct RecyclingWindow: PrefetchStrategy {
    let window: Int
    let frameCount: Int
    private var ready: [ReadyFrame] = []
    private var freeSlots: [Int]
    private var nextToDecode = 0
    private var expectedByPlayer = 0
    private var generation = 0
    private let slots: Int
    private(set) var heldMax = 0
    var heldNow: Int { slots - freeSlots.count }

    init(window: Int, slots: Int, frameCount: Int) {
        self.window = window
        self.frameCount = frameCount
        self.slots = slots
        ready.reserveCapacity(slots)
        freeSlots = Array((0..<slots).reversed())
    }

    var hasWork: Bool { ready.count < window && !freeSlots.isEmpty }

    mutating func nextJob() -> PrefetchJob {
        let job = PrefetchJob(frame: nextToDecode, slot: freeSlots.removeLast(), generation: generation)
        nextToDecode = (nextToDecode + 1) % frameCount
        heldMax = max(heldMax, heldNow)
        return job
    }

    mutating func finish(_ job: PrefetchJob, status: FrameStatus, cost: DecodeCost) {
        if job.generation == generation {
            ready.append(ReadyFrame(frame: job.frame, slot: job.slot, status: status, cost: cost))
        } else {
            freeSlots.append(job.slot)
        }
    }

    mutating func prepareToTake(frame: Int) -> Bool {
        defer { expectedByPlayer = (frame + 1) % frameCount }
        guard frame != expectedByPlayer else { return false }
        freeSlots.append(contentsOf: ready.map(\.slot))
        ready.removeAll(keepingCapacity: true)
        nextToDecode = frame
        generation += 1
        return true
    }

    func canTake(frame: Int) -> Bool { !ready.isEmpty }

    mutating func take(frame: Int) -> ReadyFrame { ready.removeFirst() }

    mutating func recycle(slot: Int) -> Bool {
        freeSlots.append(slot)
        return true
    }

    /// Whether the next frame the player takes is `frame` and is decoded.
    func isReady(frame: Int) -> Bool { frame == expectedByPlayer && ready.first?.frame == frame }
}

/// Every frame gets its own slot, is decoded once in playback order, and is never recycled.
struct KeepAll: PrefetchStrategy {
    let frameCount: Int
    private var decoded: [ReadyFrame?]
    private var nextToDecode = 0

    init(frameCount: Int) {
        self.frameCount = frameCount
        decoded = Array(repeating: nil, count: frameCount)
    }

    var hasWork: Bool { nextToDecode < frameCount }

    mutating func nextJob() -> PrefetchJob {
        defer { nextToDecode += 1 }
        return PrefetchJob(frame: nextToDecode, slot: nextToDecode, generation: 0)
    }

    mutating func finish(_ job: PrefetchJob, status: FrameStatus, cost: DecodeCost) {
        decoded[job.frame] = ReadyFrame(frame: job.frame, slot: job.slot, status: status, cost: cost)
    }

    mutating func prepareToTake(frame: Int) -> Bool { false }
    func canTake(frame: Int) -> Bool { decoded[frame] != nil }
    mutating func take(frame: Int) -> ReadyFrame { decoded[frame]! }
    mutating func recycle(slot: Int) -> Bool { false }
    func isReady(frame: Int) -> Bool { decoded[frame] != nil }
    var heldMax: Int { nextToDecode }
    var heldNow: Int { nextToDecode }
}

/// The player's and the prefetch thread's shared state under one condition lock, with a strategy deciding which
/// frames are decoded into which slots.
final class PrefetchQueue: Sendable {
    private struct Shared {
        var strategy: any PrefetchStrategy
        var stopping = false
        /// The prefetch thread is waiting for room: it has done all it can until the player moves on.
        var workerIdle = false
    }

    private let lock: ConditionLock<Shared>

    init(_ strategy: any PrefetchStrategy) { lock = ConditionLock(Shared(strategy: strategy)) }

    /// Blocks the prefetch thread until there is a frame to decode; `nil` once stopping.
    func nextJob() -> PrefetchJob? {
        lock.wait(until: { $0.stopping || $0.strategy.hasWork }, beforeWaiting: { shared in
            // Announce idleness once, for ``waitUntilIdle()``.
            guard !shared.workerIdle else { return false }
            shared.workerIdle = true
            return true
        }, then: { shared in
            shared.workerIdle = false
            return shared.stopping ? nil : shared.strategy.nextJob()
        })
    }

    /// Blocks until the prefetch thread has done all it can (filled its window, or decoded every frame) and waits.
    func waitUntilIdle() {
        lock.wait(until: { ($0.workerIdle && !$0.strategy.hasWork) || $0.stopping }, then: { _ in })
    }

    /// Publishes a decoded frame, or drops it when the player sought elsewhere meanwhile.
    func finish(_ job: PrefetchJob, status: FrameStatus, cost: DecodeCost) {
        lock.update { $0.strategy.finish(job, status: status, cost: cost) }
    }

    /// Blocks the player until `frame` is decoded; a jump discards what was prefetched.
    func take(frame: Int) -> ReadyFrame {
        lock.update(wakingWaitersIf: { $0.strategy.prepareToTake(frame: frame) })
        return lock.wait(until: { $0.strategy.canTake(frame: frame) }, then: { $0.strategy.take(frame: frame) })
    }

    /// Returns a played frame's buffer to the pool.
    func recycle(slot: Int) {
        lock.update(wakingWaitersIf: { $0.strategy.recycle(slot: slot) })
    }

    /// Whether `frame` could be had now without waiting for the prefetch thread.
    func isReady(frame: Int) -> Bool {
        lock.withLock { $0.strategy.isReady(frame: frame) }
    }

    /// The most frames the strategy held at once so far.
    var heldMax: Int { lock.withLock { $0.strategy.heldMax } }
    var heldNow: Int { lock.withLock { $0.strategy.heldNow } }

    /// Makes ``nextJob()`` return `nil` from now on.
    func stop() {
        lock.update { $0.stopping = true }
    }
}
