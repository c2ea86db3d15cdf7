import PosixThreads
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Peaks of jemalloc's statistics over a measured interval, in bytes.
public struct MemoryPeaks: Sendable, Hashable, Codable {
    public var allocated = 0
    public var active = 0
    public var resident = 0

    public init() {}

    mutating func include(_ sample: MemorySample) {
        allocated = max(allocated, sample.allocated)
        active = max(active, sample.active)
        resident = max(resident, sample.resident)
    }
}

/// Samples jemalloc's allocated, active and resident bytes when the player asks (every frame step)
/// and on its own thread about every millisecond, keeping peaks and a bounded timeline.
public final class MemorySampler: Sendable {
    private struct State {
        var peaks = MemoryPeaks()
        var timeline: MemoryTimeline
        var samples = 0
        var lastSampleTime = -1.0
        var running = true
        /// CPU the samples taken on other threads than the sampler's own cost them (the player's frame steps).
        var foregroundSeconds = 0.0
    }

    private let state: Mutex<State>
    private let gauge = try? JemallocGauge()
    private let start = CPUTimes.monotonic()
    private let interval: Double
    private let thread: Mutex<BackgroundThread?> = Mutex(nil)

    /// The background period: 2 ms keeps the sampler's own CPU cost near 2% (see `bench sampler-cost`) while
    /// still resolving a 16 ms display frame several times over.
    public static let defaultInterval = 0.002

    /// Starts sampling; `interval` is the background thread's period in seconds (0 turns the thread off).
    public init(interval: Double = MemorySampler.defaultInterval,
                timelineCapacity: Int = MemoryTimeline.defaultCapacity) {
        state = Mutex(State(timeline: MemoryTimeline(capacity: timelineCapacity)))
        self.interval = interval
        sample()
        if interval > 0 {
            let started = BackgroundThread(name: "memory-sampler", idle: true) { [self] in backgroundLoop() }
            thread.withLock { $0 = started }
        }
    }

    /// Takes one sample now, unless one was taken in the last `minimumGap` seconds (the player calls this at
    /// every frame step; frames closer together than that add cost without adding information).
    public func sample(minimumGap: Double = 0) {
        let now = CPUTimes.monotonic() - start
        if minimumGap > 0, state.withLock({ now - $0.lastSampleTime < minimumGap }) { return }
        let cpuBefore = ThreadCPUClock.now()
        take(at: now)
        let spent = ThreadCPUClock.now() - cpuBefore
        state.withLock { $0.foregroundSeconds += spent }
    }

    /// The sampler's own CPU: its thread's (SCHED_IDLE, every `interval`) and what the samples taken on other threads
    /// cost them, in seconds so far.
    public var cpuSeconds: Double {
        (thread.withLock { $0?.cpuSeconds() } ?? 0) + state.withLock { $0.foregroundSeconds }
    }

    /// What the samples taken on other threads than the sampler's own cost them so far, in seconds of CPU.
    public var foregroundCPUSeconds: Double { state.withLock { $0.foregroundSeconds } }

    /// Takes one sample stamped `now`.
    private func take(at now: Double) {
        guard let stats = try? gauge?.read() else { return }
        let reading = MemorySample(time: now, allocated: stats.allocated, active: stats.active,
                                   resident: stats.resident)
        state.withLock { state in
            state.peaks.include(reading)
            state.timeline.offer(reading)
            state.samples += 1
            state.lastSampleTime = max(state.lastSampleTime, now)
        }
    }

    /// Stops the background thread, takes a last sample, and returns peaks, timeline and sample count.
    public func stop() -> (peaks: MemoryPeaks, timeline: MemoryTimeline, samples: Int) {
        state.withLock { $0.running = false }
        thread.withLock { $0?.join() }
        sample()
        return state.withLock { ($0.peaks, $0.timeline, $0.samples) }
    }

    private func backgroundLoop() {
        while state.withLock({ $0.running }) {
            take(at: CPUTimes.monotonic() - start)
            usleep(UInt32(interval * 1_000_000))
        }
    }
}
