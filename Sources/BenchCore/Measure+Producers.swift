import CaseModel
import FrameDecoders
import MemoryProbe
import Playback
import PosixThreads

// One producer per source: each records what its source read as the measures it owns. A new measure is declared
// in `Measure` and given a value here. Producers write into the result's own storage, reserved before the measured
// interval, so recording allocates nothing that `malloc_count` would see.

extension CPUTimes {
    /// The CPU clocks' measures, for time spent (`now().since(start)`).
    func record(into result: inout CaseResult) {
        result[.cpuUser] = user
        result[.cpuSystem] = system
        result[.cpuTotal] = process
        result[.wall] = wall
        result[.minorFaults] = minorFaults
        result[.voluntarySwitches] = voluntarySwitches
    }
}

/// The CPU of each thread a case runs, each on its own clock: the playing thread (the one reading), the decoder's
/// decoding thread, and the memory sampler (its thread, and the samples it took on the playing thread). Read at the
/// start and the end of the measured interval, right after the process's clock.
public struct ThreadCPU: Sendable {
    var playing: Double
    var decoding: Double
    /// The sampler's whole CPU: its own thread's, and the samples it took on the playing thread.
    var sampler: Double
    var samplerOnPlayingThread: Double

    public init(playing: Double, decoding: Double, sampler: Double, samplerOnPlayingThread: Double) {
        self.playing = playing
        self.decoding = decoding
        self.sampler = sampler
        self.samplerOnPlayingThread = samplerOnPlayingThread
    }

    static func now(source: (any AnimatedFrameSource)?, sampler: MemorySampler?) -> ThreadCPU {
        ThreadCPU(playing: ThreadCPUClock.now(), decoding: source?.decodingThreadCPUSeconds ?? 0,
                  sampler: sampler?.cpuSeconds ?? 0, samplerOnPlayingThread: sampler?.foregroundCPUSeconds ?? 0)
    }

    /// The player's threads apart from the harness's, over the interval since `start`: the samples taken on the
    /// playing thread are the sampler's, counted once.
    public func record(since start: ThreadCPU, into result: inout CaseResult) {
        let samples = samplerOnPlayingThread - start.samplerOnPlayingThread
        result[.cpuPlayingThread] = max(0, playing - start.playing - samples)
        result[.cpuDecodingThread] = decoding - start.decoding
        result[.cpuSampler] = sampler - start.sampler
    }
}

extension MemoryPeaks {
    /// jemalloc's peaks over the playback, as the sampler saw them.
    func record(into result: inout CaseResult) {
        result[.jemallocAllocatedPeak] = Double(allocated)
        result[.jemallocActivePeak] = Double(active)
        result[.jemallocResidentPeak] = Double(resident)
    }
}

extension KernelMemory {
    /// The kernel's resident-set figures: RSS before the decoder was built, and the peak since `resetPeak()`.
    func record(start: KernelMemory, into result: inout CaseResult) {
        result[.rssStart] = Double(start.residentBytes)
        result[.rssPeak] = Double(peakResidentBytes)
    }
}

extension PlaybackObservation {
    /// What the player saw: first frame, per-frame decode times, stalls, dropped frames, lateness, partial frames,
    /// animation played, and the frames the decoder held.
    func record(into result: inout CaseResult) {
        result[.firstFrame] = firstFrameSeconds
        let firstLoop = decodeSeconds
        result[.frameDecodeP50] = Statistics.percentile(firstLoop, 0.5)
        result[.frameDecodeP99] = Statistics.percentile(firstLoop, 0.99)
        result[.stalls] = Double(stalls)
        result[.droppedFrames] = Double(droppedFrames)
        result[.latenessTotal] = lateness.reduce(0, +)
        result[.latenessP99] = Statistics.percentile(lateness, 0.99)
        result[.animation] = animationSeconds
        result[.partialFrames] = Double(partialFrames)
        if let heldFramesMax { result[.heldFramesMax] = Double(heldFramesMax) }
        if let scalingSeconds { result[.scaling] = scalingSeconds }
        if let warning = memoryWarning {
            if let held = warning.heldBefore { result[.heldFramesBeforeWarning] = Double(held) }
            if let held = warning.heldAfter { result[.heldFramesAfterWarning] = Double(held) }
            result[.allocatedBeforeWarning] = Double(warning.allocatedBefore)
            result[.allocatedAfterWarning] = Double(warning.allocatedAfter)
            result[.stallsAfterWarning] = Double(stalls - warning.stallsBefore)
        }
    }
}
