import MemoryProbe

// One producer per source: each turns what its source read into the measures it owns. A new measure is declared
// in `Measure` and given a value here.

extension CPUTimes {
    /// The CPU clocks' measures, for time spent (`now().since(start)`).
    var measures: [Measure: Double] {
        [.cpuUser: user, .cpuSystem: system, .cpuTotal: process, .wall: wall]
    }
}

extension MemoryPeaks {
    /// jemalloc's peaks over the playback, as the sampler saw them.
    var measures: [Measure: Double] {
        [.jemallocAllocatedPeak: Double(allocated), .jemallocActivePeak: Double(active), .jemallocResidentPeak: Double(resident)]
    }
}

/// jemalloc's counters at one instant, read right after a thread-cache flush: a block parked in a thread cache
/// counts as allocated, so reading either side without a flush would bias the difference.
struct AllocatorCounters {
    var allocated: Int
    var mallocs: UInt64

    static func read() throws(ProbeError) -> AllocatorCounters {
        try Jemalloc.flushThreadCache()
        return AllocatorCounters(allocated: try Jemalloc.allocated(), mallocs: try Jemalloc.mallocCount())
    }

    /// What was left allocated, and how many allocations were made, since `start`.
    func measures(since start: AllocatorCounters) -> [Measure: Double] {
        [.retainedAfterRelease: Double(allocated - start.allocated), .mallocCount: Double(mallocs) - Double(start.mallocs)]
    }
}

extension KernelMemory {
    /// The kernel's resident-set figures: RSS before the decoder was built, and the peak since `resetPeak()`.
    func measures(start: KernelMemory) -> [Measure: Double] {
        [.rssStart: Double(start.residentBytes), .rssPeak: Double(peakResidentBytes)]
    }
}

extension PlaybackObservation {
    /// What the player saw: first frame, per-frame decode times, stalls, lateness, partial frames, animation played.
    var measures: [Measure: Double] {
        [.firstFrame: firstFrameSeconds,
         .frameDecodeP50: Statistics.percentile(decodeSeconds, 0.5),
         .frameDecodeP99: Statistics.percentile(decodeSeconds, 0.99),
         .stalls: Double(stalls),
         .latenessTotal: lateness.reduce(0, +),
         .latenessP99: Statistics.percentile(lateness, 0.99),
         .animation: animationSeconds,
         .partialFrames: Double(partialFrames)]
    }
}
