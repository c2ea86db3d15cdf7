import FrameDecoders
import GIFCodec
import MemoryProbe
#if canImport(Glibc)
import Glibc
#endif

/// The child-process side of a case: load, decode, play, measure, release — and report one ``CaseResult``.
public enum CaseExecution {
    /// Runs `benchCase` in this process, which should be fresh (the runner starts one per case).
    public static func run(_ benchCase: BenchCase) -> CaseResult {
        var result = CaseResult(benchCase: benchCase)
        do {
            try measure(benchCase, into: &result)
        } catch let error as GIFError {
            result.failure = error.description
        } catch let error as ProbeError {
            result.failure = error.description
        } catch {
            result.failure = "\(error)"
        }
        return result
    }

    private static func measure(_ benchCase: BenchCase, into result: inout CaseResult) throws {
        switch benchCase.injectedFault {
        case .crash?: raise(SIGSEGV)
        case .hang?: while true { sleep(60) }
        case nil: break
        }
        if let cpus = benchCase.cpus { try CPUAffinity.pin(toFirst: cpus) }
        try Jemalloc.verifyServingThisProcess()
        let bytes = try benchCase.byteSource == .mmap ? GIFBytes(mappingFile: benchCase.path) : GIFBytes(contentsOfFile: benchCase.path)
        let container = try GIFContainer(bytes: bytes)
        result.width = container.width
        result.height = container.height
        result.frames = container.frameCount
        result.fileBytes = container.bytes.count
        result.gifBytesHash = FrameHash(of: container.bytes.buffer).description
        result.truncated = container.truncated
        result.frameBytesTheoretical = theoreticalBytes(benchCase.decoder, container)

        try Jemalloc.purge()
        try KernelMemory.resetPeak()
        result.rssStartBytes = try KernelMemory.current().residentBytes
        let allocatedAtStart = try Jemalloc.allocated()
        let mallocsAtStart = try Jemalloc.mallocCount()
        let sampler = benchCase.samplerInterval < 0 ? nil : MemorySampler(interval: benchCase.samplerInterval)
        let cpuAtStart = CPUTimes.now()
        let played = try play(benchCase, container, sampler: sampler, start: cpuAtStart)
        let observation = played.observation, spent = played.spent, memory = played.memory
        result.framesHash = played.framesHash.description
        try Jemalloc.flushThreadCache()
        try Jemalloc.purge()
        result.retainedAfterReleaseBytes = max(0, try Jemalloc.allocated() - allocatedAtStart)
        result.mallocCount = try Jemalloc.mallocCount() - mallocsAtStart
        result.rssPeakBytes = try KernelMemory.current().peakResidentBytes

        result.cpuUserSeconds = spent.user
        result.cpuSystemSeconds = spent.system
        result.cpuTotalSeconds = spent.process
        result.wallSeconds = spent.wall
        result.jemallocAllocatedPeakBytes = memory.peaks.allocated
        result.jemallocActivePeakBytes = memory.peaks.active
        result.jemallocResidentPeakBytes = memory.peaks.resident
        result.samplerSamples = memory.samples
        result.timeline = memory.timeline
        result.firstFrameSeconds = observation.firstFrameSeconds
        result.frameDecodeP50Seconds = Statistics.percentile(observation.decodeSeconds, 0.5)
        result.frameDecodeP99Seconds = Statistics.percentile(observation.decodeSeconds, 0.99)
        result.partialFrames = observation.partialFrames
        result.stalls = observation.stalls
        result.latenessTotalSeconds = observation.lateness.reduce(0, +)
        result.latenessP99Seconds = Statistics.percentile(observation.lateness, 0.99)
        result.animationSeconds = observation.animationSeconds
    }

    /// Builds the decoder, plays it, stops the clocks and the sampler, hashes one more loop, and lets the decoder go
    /// when it returns, so what is still allocated afterwards is what the decoder leaked.
    private static func play(_ benchCase: BenchCase, _ container: GIFContainer, sampler: MemorySampler?, start: CPUTimes)
        throws(GIFError) -> (observation: PlaybackObservation, spent: CPUTimes, memory: (peaks: MemoryPeaks, timeline: MemoryTimeline, samples: Int), framesHash: FrameHash) {
        if case .calibration(let bytes) = benchCase.decoder {
            return holdCalibrationBlock(bytes, loops: benchCase.loops, sampler: sampler ?? MemorySampler(interval: 0), start: start)
        }
        let player = Player(source: try makeDecoder(benchCase.decoder, container, limits: benchCase.limits,
                                                    extraWorkPerFrame: benchCase.extraWorkPerFrame), sampler: sampler)
        let observation = benchCase.mode == .realtime
            ? try player.playRealtime(loops: benchCase.loops, speed: benchCase.speed, refreshHz: benchCase.refreshHz, start: start.wall)
            : try player.play(loops: benchCase.loops, start: start.wall)
        let spent = CPUTimes.now().since(start)
        let memory = sampler?.stop() ?? (peaks: MemoryPeaks(), timeline: MemoryTimeline(capacity: 2), samples: 0)
        return (observation, spent, memory, try player.framesHash())
    }

    /// Allocates and touches `bytes`, keeps them while sampling as playback would, then frees them.
    private static func holdCalibrationBlock(_ bytes: Int, loops: Int, sampler: MemorySampler, start: CPUTimes)
        -> (observation: PlaybackObservation, spent: CPUTimes, memory: (peaks: MemoryPeaks, timeline: MemoryTimeline, samples: Int), framesHash: FrameHash) {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes, 1), alignment: 64)
        block.initializeMemory(as: UInt8.self, repeating: 1)
        var observation = PlaybackObservation()
        observation.firstFrameSeconds = CPUTimes.monotonic() - start.wall
        for _ in 0..<(loops * 10) {
            sampler.sample()
            usleep(2_000)
        }
        let spent = CPUTimes.now().since(start)
        let memory = sampler.stop()
        let hash = FrameHash(of: UnsafeRawBufferPointer(rebasing: block[0..<min(bytes, 4096)]))
        block.deallocate()
        return (observation, spent, memory, hash)
    }

    static func makeDecoder(_ choice: DecoderChoice, _ container: GIFContainer, limits: DecodeLimits = .default,
                            extraWorkPerFrame: Int = 0) throws(GIFError) -> any AnimatedFrameSource {
        switch choice {
        case .eager, .calibration: return try EagerDecoder(container: container, limits: limits)
        case .windowed(let window):
            return try WindowedDecoder(container: container, window: .frames(window), limits: limits, extraWorkPerFrame: extraWorkPerFrame)
        case .windowedAll:
            return try WindowedDecoder(container: container, window: .all, limits: limits, extraWorkPerFrame: extraWorkPerFrame)
        }
    }

    /// What the decoder must hold at least: every frame for eager; the window plus the canvas for windowed.
    static func theoreticalBytes(_ choice: DecoderChoice, _ container: GIFContainer) -> Int {
        switch choice {
        case .eager, .windowedAll: return container.frameCount * container.frameBytes
        case .windowed(let window): return (window + 1) * container.frameBytes
        case .calibration(let bytes): return bytes
        }
    }
}
