import Foundation
import GIFCodec

/// The state shared by a windowed decoder's player and its prefetch thread, guarded by one condition.
final class PrefetchQueue: @unchecked Sendable {
    struct Job {
        let frame: Int
        let slot: Int
        let generation: Int
    }

    struct ReadyFrame {
        let frame: Int
        let slot: Int
        let status: FrameStatus
    }

    private let condition = NSCondition()
    private let window: Int
    private let frameCount: Int
    private var ready: [ReadyFrame]
    private var freeSlots: [Int]
    private var nextToDecode = 0
    private var expectedByPlayer = 0
    private var generation = 0
    private var stopping = false
    private var finished = false

    init(window: Int, slots: Int, frameCount: Int) {
        self.window = window
        self.frameCount = frameCount
        ready = []
        ready.reserveCapacity(slots)
        freeSlots = Array((0..<slots).reversed())
    }

    /// Blocks the prefetch thread until a slot is free and the window has room; `nil` once stopping.
    func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping && (ready.count >= window || freeSlots.isEmpty) { condition.wait() }
        if stopping { return nil }
        let job = Job(frame: nextToDecode, slot: freeSlots.removeLast(), generation: generation)
        nextToDecode = (nextToDecode + 1) % frameCount
        return job
    }

    /// Publishes a decoded frame, or drops it when the player sought elsewhere meanwhile.
    func finish(_ job: Job, status: FrameStatus) {
        condition.lock()
        if job.generation == generation {
            ready.append(ReadyFrame(frame: job.frame, slot: job.slot, status: status))
        } else {
            freeSlots.append(job.slot)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the player until `frame` is decoded; a jump discards what was prefetched.
    func take(frame: Int) -> ReadyFrame {
        condition.lock()
        defer { condition.unlock() }
        if frame != expectedByPlayer {
            freeSlots.append(contentsOf: ready.map(\.slot))
            ready.removeAll(keepingCapacity: true)
            nextToDecode = frame
            generation += 1
            condition.broadcast()
        }
        expectedByPlayer = (frame + 1) % frameCount
        while ready.isEmpty { condition.wait() }
        return ready.removeFirst()
    }

    /// Returns a played frame's buffer to the pool.
    func recycle(slot: Int) {
        condition.lock()
        freeSlots.append(slot)
        condition.broadcast()
        condition.unlock()
    }

    func markFinished() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the prefetch thread and waits until it has let go of the compositor and buffers.
    func stopAndWait() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
