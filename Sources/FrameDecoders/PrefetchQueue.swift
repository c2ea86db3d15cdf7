import GIFCodec
import PosixThreads

/// The state shared by a windowed decoder's player and its prefetch thread, guarded by one condition lock.
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
        let decodeSeconds: Double
    }

    private let lock = ConditionLock()
    private let window: Int
    private let frameCount: Int
    /// Keep-all mode: every frame gets its own slot, is decoded once, and is never recycled.
    private let keepsAll: Bool
    private var cache: [ReadyFrame?]
    private var ready: [ReadyFrame]
    private var freeSlots: [Int]
    private var nextToDecode = 0
    private var expectedByPlayer = 0
    private var generation = 0
    private var stopping = false
    /// The prefetch thread is waiting for room: it has done all it can until the player moves on.
    private var workerIdle = false

    init(window: Int, slots: Int, frameCount: Int, keepsAll: Bool = false) {
        self.window = window
        self.frameCount = frameCount
        self.keepsAll = keepsAll
        cache = keepsAll ? Array(repeating: nil, count: frameCount) : []
        ready = []
        ready.reserveCapacity(slots)
        freeSlots = Array((0..<slots).reversed())
    }

    /// Blocks the prefetch thread until a slot is free and the window has room; `nil` once stopping.
    func nextJob() -> Job? {
        lock.withLock {
            if keepsAll {
                while !stopping && !hasWork { idleWait() }
                workerIdle = false
                if stopping { return nil }
                defer { nextToDecode += 1 }
                return Job(frame: nextToDecode, slot: nextToDecode, generation: generation)
            }
            while !stopping && !hasWork { idleWait() }
            workerIdle = false
            if stopping { return nil }
            let job = Job(frame: nextToDecode, slot: freeSlots.removeLast(), generation: generation)
            nextToDecode = (nextToDecode + 1) % frameCount
            return job
        }
    }

    /// Whether the prefetch thread has a frame to decode now; read with the lock held.
    private var hasWork: Bool {
        keepsAll ? nextToDecode < frameCount : ready.count < window && !freeSlots.isEmpty
    }

    /// The prefetch thread's wait for room, announced to ``waitUntilIdle()``; called with the lock held.
    private func idleWait() {
        if !workerIdle {
            workerIdle = true
            lock.broadcast()
        }
        lock.wait()
    }

    /// Blocks until the prefetch thread has filled its window (or, keeping all, decoded every frame) and waits.
    func waitUntilIdle() {
        lock.withLock {
            while !(workerIdle && !hasWork) && !stopping { lock.wait() }
        }
    }

    /// Publishes a decoded frame, or drops it when the player sought elsewhere meanwhile.
    func finish(_ job: Job, status: FrameStatus, decodeSeconds: Double) {
        lock.withLock {
            if keepsAll {
                cache[job.frame] = ReadyFrame(frame: job.frame, slot: job.slot, status: status, decodeSeconds: decodeSeconds)
            } else if job.generation == generation {
                ready.append(ReadyFrame(frame: job.frame, slot: job.slot, status: status, decodeSeconds: decodeSeconds))
            } else {
                freeSlots.append(job.slot)
            }
            lock.broadcast()
        }
    }

    /// Blocks the player until `frame` is decoded; a jump discards what was prefetched.
    func take(frame: Int) -> ReadyFrame {
        lock.withLock {
            if keepsAll {
                while cache[frame] == nil { lock.wait() }
                return cache[frame]!
            }
            if frame != expectedByPlayer {
                freeSlots.append(contentsOf: ready.map(\.slot))
                ready.removeAll(keepingCapacity: true)
                nextToDecode = frame
                generation += 1
                lock.broadcast()
            }
            expectedByPlayer = (frame + 1) % frameCount
            while ready.isEmpty { lock.wait() }
            return ready.removeFirst()
        }
    }

    /// Returns a played frame's buffer to the pool.
    func recycle(slot: Int) {
        if keepsAll { return }
        lock.withLock {
            freeSlots.append(slot)
            lock.broadcast()
        }
    }

    /// Whether `frame` could be had now without waiting for the prefetch thread.
    func isReady(frame: Int) -> Bool {
        lock.withLock {
            keepsAll ? cache[frame] != nil : frame == expectedByPlayer && ready.first?.frame == frame
        }
    }

    /// Makes ``nextJob()`` return `nil` from now on.
    func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }
}
