import CaseModel
import FrameDecoders
import GIFCodec
import MemoryProbe
import Playback
#if canImport(Glibc)
import Glibc
#endif

/// The child-process side of a case: load, decode, play, measure, release — and report one ``CaseResult``.
public enum CaseExecution {
    /// Runs `benchCase` in this process, which should be fresh (the runner starts one per case); a registered
    /// player it names is found in `players`.
    public static func run(_ benchCase: BenchCase, players: PlayerRegistry) -> CaseResult {
        var result = CaseResult(benchCase: benchCase)
        do {
            try measure(benchCase, players: players, into: &result)
        } catch {
            result.failure = failure(error)
        }
        return result
    }

    /// The one line a failed measurement reports.
    static func failure(_ error: any Error) -> String {
        switch error {
        case let error as GIFError: error.explained
        case let error as ProbeError: error.description
        default: "\(error)"
        }
    }

    private static func measure(_ benchCase: BenchCase, players: PlayerRegistry, into result: inout CaseResult) throws {
        switch benchCase.injectedFault {
        case .crash?: raise(SIGSEGV)
        case .hang?: while true { sleep(60) }
        case nil: break
        }
        if let cpus = benchCase.cpus { try CPUAffinity.pin(toFirst: cpus) }
        try Jemalloc.verifyServingThisProcess()
        // Each decode's trace records what its thread allocated and freed, by jemalloc's own per-thread counters.
        try ThreadAllocationTotals.installAsMeter()
        let container = try open(benchCase)
        result.width = container.width
        result.height = container.height
        result.frames = container.frameCount
        result.fileBytes = container.bytes.count
        result.gifBytesHash = FrameHash(of: container.bytes.buffer).description
        result.truncated = container.truncated
        result[.frameBytesTheoretical] = Double(theoreticalBytes(benchCase.decoder, container, players: players,
                                                                 display: benchCase.display))

        RuntimeWarmUp.run(benchCase.decoder, players: players, format: container.format, codec: benchCase.codec,
                          display: benchCase.display)
        // The sampler and its timeline exist before the first reading: they are the harness's, not the decoder's.
        let sampler = benchCase.samplerInterval < 0 ? nil : MemorySampler(interval: benchCase.samplerInterval)
        try Jemalloc.purge()
        try KernelMemory.resetPeak()
        result.measurements.reserveCapacity(Measure.allCases.count)
        // The decode costs' storage, reserved before the first reading and kept past the last: recording them
        // allocates nothing the measures see, and they are no bytes retained.
        var trace: [DecodeCost] = []
        trace.reserveCapacity(container.frameCount * (benchCase.mode == .throughput ? benchCase.loops : 1))
        let kernelAtStart = try KernelMemory.current()
        let allocatorAtStart = try AllocatorCounters.read()
        InstructionMarks.begin()
        let cpuAtStart = CPUTimes.now()
        let threadsAtStart = ThreadCPU.now(source: nil, sampler: sampler)
        if benchCase.plantedLeakBytes > 0 { plantLeak(benchCase.plantedLeakBytes) }
        PlantedPageFaults.touch(bytes: benchCase.identity.planted.pageFaultBytes, loops: benchCase.loops)
        // The playback's own records are summarised and dropped inside this scope, so the end reading sees only
        // what the decoder left behind (and the result's few strings).
        var kernelAfterPlayback: KernelMemory?
        do {
            var played = try play(benchCase, container, players: players, sampler: sampler, start: cpuAtStart,
                                  trace: consume trace)
            played.threads?.record(since: threadsAtStart, into: &result)
            kernelAfterPlayback = played.kernelAfterPlayback
            result.framesHash = played.framesHash.description
            result.displayFramesHash = played.displayFramesHash?.description
            played.spent.record(into: &result)
            played.memory.peaks.record(into: &result)
            played.observation.record(into: &result)
            trace = []
            swap(&trace, &played.observation.decodeTrace)
            result.samplerSamples = played.memory.samples
            result.timeline = played.memory.timeline
        }
        try Jemalloc.purge()
        try AllocatorCounters.read().record(since: allocatorAtStart, into: &result)
        // The kernel's peak as playback left it: the hashing loop after it is the harness's, not the decoder's.
        try (kernelAfterPlayback ?? KernelMemory.current()).record(start: kernelAtStart, into: &result)
        result.frameCosts = FrameCostTrace(costs: trace, frameCount: container.frameCount)
        if benchCase.probesPacing, let probe = try PacedDecodeProbe.measure(container, codec: benchCase.codec,
                                                                             limits: benchCase.limits) {
            result.frameCosts?.pacedFrames = probe.frames
            result.frameCosts?.paced = probe.whole
            result.frameCosts?.pacedLZW = probe.lzw
            result.frameCosts?.pacedCopy = probe.copy
        }
    }

    /// The case's file, read as it says (heap or mapped) and opened within its limits, refused when its decoder
    /// cannot play the format.
    static func open(_ benchCase: BenchCase) throws -> any AnimationContainer {
        let rules = InputFileRules(maxBytes: benchCase.limits.maxFileBytes)
        let bytes = try benchCase.byteSource == .mmap ? GIFBytes(mappingFile: benchCase.path, rules: rules)
                                                      : GIFBytes(contentsOfFile: benchCase.path, rules: rules)
        let container = try AnimationFile.open(bytes, limits: benchCase.limits)
        try benchCase.decoder.checkPlays(container.format)
        return container
    }

    /// Test knob (`bench run --plant-leak SIZE`): allocates and touches `bytes` that are never freed, so a test can
    /// read the leak back from `retained_after_release_bytes`.
    private static func plantLeak(_ bytes: Int) {
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
    }

    /// What one playback gave: the player's observations, the time spent, memory, and the frames' hashes.
    private struct Played {
        var observation: PlaybackObservation
        var spent: CPUTimes
        var memory: (peaks: MemoryPeaks, timeline: MemoryTimeline, samples: Int)
        /// At full size (the frames' identity).
        var framesHash: FrameHash
        /// Of the display-sized frames, when the decoder scaled.
        var displayFramesHash: FrameHash?
        /// Read when the measured interval ended, before the frames were hashed.
        var kernelAfterPlayback: KernelMemory?
        /// Each thread's CPU when the measured interval ended.
        var threads: ThreadCPU?
    }

    /// Builds the decoder, plays it, stops the clocks and the sampler, hashes one more loop, and lets the decoder go
    /// when it returns, so what is still allocated afterwards is what the decoder leaked.
    private static func play(_ benchCase: BenchCase, _ container: any AnimationContainer, players: PlayerRegistry,
                             sampler: MemorySampler?, start: CPUTimes,
                             trace: consuming [DecodeCost]) throws(GIFError) -> Played {
        if case .calibration(let bytes) = benchCase.decoder {
            return holdCalibrationBlock(bytes, loops: benchCase.loops, sampler: sampler ?? MemorySampler(interval: 0),
                                        start: start)
        }
        let player = PlaybackLoop(source: try makeDecoder(benchCase.decoder, container, players: players,
                                                          limits: benchCase.limits, codec: benchCase.codec,
                                                    planted: benchCase.identity.planted,
                                                    display: benchCase.display), sampler: sampler)
        var observation = benchCase.mode == .realtime
            ? try player.playRealtime(loops: benchCase.loops, speed: benchCase.speed, refreshHz: benchCase.refreshHz,
                                      start: start.wall, memoryWarningAt: benchCase.memoryWarningAt,
                                      trace: consume trace)
            : try player.play(loops: benchCase.loops, start: start.wall, trace: consume trace)
        // Counted runs end the interval once prefetching has settled, so it always holds the same work: the played
        // frames and the window ahead. Timed runs stop the clock at the last frame, as a viewer would.
        if InstructionMarks.underValgrind { player.source.waitUntilPrefetched() }
        let spent = CPUTimes.now().since(start)
        let threads = ThreadCPU.now(source: player.source, sampler: sampler)
        observation.heldFramesMax = player.source.heldFramesMax
        observation.scalingSeconds = player.source.scalingSeconds
        InstructionMarks.end()
        let memory = sampler?.stop() ?? (peaks: MemoryPeaks(), timeline: MemoryTimeline(capacity: 2), samples: 0)
        let kernel = try? KernelMemory.current()
        let lent = try player.framesHash()
        guard observation.scalingSeconds != nil else {
            return Played(observation: observation, spent: spent, memory: memory, framesHash: lent,
                          kernelAfterPlayback: kernel, threads: threads)
        }
        let identity = try PlaybackLoop.fullSizeFramesHash(container, codec: benchCase.codec, limits: benchCase.limits)
        return Played(observation: observation, spent: spent, memory: memory, framesHash: identity,
                      displayFramesHash: lent, kernelAfterPlayback: kernel, threads: threads)
    }

    /// Allocates and touches `bytes`, keeps them while sampling as playback would, then frees them.
    private static func holdCalibrationBlock(_ bytes: Int, loops: Int, sampler: MemorySampler, start: CPUTimes)
        -> Played {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes, 1), alignment: 64)
        block.initializeMemory(as: UInt8.self, repeating: 1)
        var observation = PlaybackObservation()
        observation.firstFrameSeconds = CPUTimes.monotonic() - start.wall
        for _ in 0..<(loops * 10) {
            sampler.sample()
            usleep(2_000)
        }
        let spent = CPUTimes.now().since(start)
        InstructionMarks.end()
        let memory = sampler.stop()
        let hash = FrameHash(of: UnsafeRawBufferPointer(rebasing: block[0..<min(bytes, 4096)]))
        block.deallocate()
        return Played(observation: observation, spent: spent, memory: memory, framesHash: hash)
    }

    /// The decoder `choice` names, a registered player's found in `players`; its background work runs in `pool` when
    /// one is given (a feed's players share it).
    static func makeDecoder(_ choice: DecoderChoice, _ container: any AnimationContainer, players: PlayerRegistry,
                            limits: DecodeLimits = .default,
                            codec: LZWCodec = .default, planted: PlantedFaults = PlantedFaults(),
                            display: DisplaySize? = nil,
                            pool: DecodePool? = nil) throws(GIFError) -> any AnimatedFrameSource {
        switch choice {
        case .kind(let kind, let window):
            let compositor = kind.takesCompositor ? try slowed(container, limits, codec, planted) : nil
            return try kind.make(DecoderInputs(container: container, window: window, limits: limits, codec: codec,
                                               display: display, pool: pool, compositor: compositor))
        case .calibration:
            return try makeDecoder(.eager, container, players: players, limits: limits, codec: codec, display: display)
        case .registered(let name, let frameBytes, _):
            switch try registered(name, in: players).making {
            case .decoder(let make, _): return try make(container, codec)
            case .rule(let make): return try played(make(container.frameCount, frameBytes), display: display)
            }
        case .kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage, .described:
            guard let rule = choice.libraryRule(frameCount: container.frameCount) else {
                throw GIFError.io(path: choice.name, reason: "this player has no rule to play")
            }
            return try played(rule, display: choice.heldDisplay(display))
        }

        /// A retention rule played with real decoding, as every library model and registered rule is.
        func played(_ rule: any RetentionRule, display: DisplaySize?) throws(GIFError) -> ModelDecoder {
            try ModelDecoder(container: container, rule: rule, limits: limits, codec: codec,
                             compositor: slowed(container, limits, codec, planted), display: display, pool: pool)
        }
    }

    /// The player `name` of this program's `players`; a case naming another cannot be played here.
    static func registered(_ name: String, in players: PlayerRegistry) throws(GIFError) -> RegisteredPlayer {
        guard let player = players.player(named: name) else {
            throw GIFError.io(path: name, reason: "no player of this name is registered in this program")
        }
        return player
    }

    /// The harness's compositor for the test knobs: the planted slowdown's extra LZW decodes, every decode stretched
    /// by `--decode-slowdown`, or both; nil (the decoder's own) when neither is asked for.
    private static func slowed(_ container: any AnimationContainer, _ limits: DecodeLimits, _ codec: LZWCodec,
                               _ planted: PlantedFaults) throws(GIFError) -> (any FrameCompositing)? {
        let extra: (any FrameCompositing)? = planted.extraWorkPerFrame > 0
            ? try SlowedCompositor(container: container, limits: limits, codec: codec,
                                   extraWorkPerFrame: planted.extraWorkPerFrame) : nil
        guard planted.decodeSlowdown != 1 else { return extra }
        let drawing = if let extra { extra } else { try container.makeCompositor(limits: limits, codec: codec) }
        return StretchedCompositor(drawing, slowdown: planted.decodeSlowdown)
    }

    /// What the decoder must hold at least: every frame for eager; the window plus the canvas for windowed; frames
    /// at the display's size when it is smaller than the GIF.
    static func theoreticalBytes(_ choice: DecoderChoice, _ container: any AnimationContainer, players: PlayerRegistry,
                                 display: DisplaySize? = nil) -> Int {
        switch choice {
        case .kind(let kind, let window): return kind.theoreticalBytes(window: window, container: container,
                                                                       display: display)
        case .registered(let name, let frameBytes, _):
            switch players.player(named: name)?.making {
            case .rule(let make)?:
                return ModelDecoder.pixelBytes(rule: make(container.frameCount, frameBytes), container: container,
                                               display: display)
            case .decoder(_, let heldBytes)?: return heldBytes(container)
            case nil: return 0
            }
        case .kingfisher, .flanimatedimage, .sdwebimage, .ylgifimage, .described:
            guard let rule = choice.libraryRule(frameCount: container.frameCount) else { return 0 }
            return ModelDecoder.pixelBytes(rule: rule, container: container, display: choice.heldDisplay(display))
        case .calibration(let bytes): return bytes
        }
    }
}
