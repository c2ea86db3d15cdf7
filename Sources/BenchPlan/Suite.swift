import CaseModel
import FrameDecoders
import GIFCodec
import MemoryProbe

/// A suite: GIFs × decoder settings × repetitions, played the same way. Expands into one ``BenchCase`` per child run.
public struct Suite: Sendable {
    public var inputs: [GIFInput]
    public var settings: [DecoderSetting]
    public var loops: Int
    public var repetitions: Int
    public var mode: PlaybackMode
    /// Playback speeds: in real time every setting is played at each; in throughput mode the answer replays each
    /// setting at each, from cases played once.
    public var speeds: [Double]
    public var refreshHz: Double
    public var cpus: Int?
    /// Real-time mode: seconds into playback at which each case receives a low-memory warning.
    public var memoryWarningAt: Double?
    /// The device whose memory sizes the players; nil plays with this host's.
    public var device: Device?
    /// View sizes: frames of larger GIFs are kept downscaled to each; nil keeps them at full size. Every setting is
    /// played at each.
    public var displays: [DisplaySize?] = [nil]
    public var byteSource: ByteSource
    /// LZW decoders; every setting is played with each.
    public var codecs: [LZWCodec]
    public var samplerInterval: Double
    /// Test knob: extra LZW decodes per frame, on average, in the windowed decoder (a planted regression).
    public var windowedSlowdown: Double
    /// Test knob: bytes every child leaks during playback (a planted leak).
    public var plantedLeakBytes: Int
    /// `--plant-page-faults SIZE`: pages touched and given back to the kernel once per loop, in every case but eager's.
    public var plantedPageFaultBytes = 0
    /// `--decode-slowdown`: every decode of the windowed decoder and the library players this many times as costly.
    public var decodeSlowdown = 1.0
    public var limits: DecodeLimits

    /// The default suite's window for the windowed decoder.
    public static let defaultWindow = BenchCase.defaultWindow

    /// The default suite's decoders: eager, windowed and indexed, both at `defaultWindow`.
    public static let defaultSettings: [DecoderSetting] = [.eager, .windowed(.frames(defaultWindow)),
                                                           .indexed(.frames(defaultWindow))]

    /// The default suite: the synthetic corpus, eager, windowed and indexed at `defaultWindow`, 3 loops, 3 repetitions.
    public init(inputs: [GIFInput], settings: [DecoderSetting] = Suite.defaultSettings,
                loops: Int = 3, repetitions: Int = 3, mode: PlaybackMode = .throughput, speeds: [Double] = [1],
                refreshHz: Double = 60, cpus: Int? = nil, byteSource: ByteSource = .heap,
                codecs: [LZWCodec] = [.default],
                samplerInterval: Double = MemorySampler.defaultInterval, windowedSlowdown: Double = 0,
                plantedLeakBytes: Int = 0,
                limits: DecodeLimits = .default) {
        self.inputs = inputs
        self.settings = settings
        self.loops = loops
        self.repetitions = repetitions
        self.mode = mode
        self.speeds = speeds.isEmpty ? [1] : speeds
        self.refreshHz = refreshHz
        self.cpus = cpus
        self.byteSource = byteSource
        self.codecs = codecs.isEmpty ? [.default] : codecs
        self.samplerInterval = samplerInterval
        self.windowedSlowdown = windowedSlowdown
        self.plantedLeakBytes = plantedLeakBytes
        self.limits = limits
    }

    /// Cases in run order: repetition-major, so a slow drift of the machine spreads over every GIF and setting.
    /// Settings that resolve to the same plan for a GIF run once.
    public func cases(files: CorpusFiles, memory hostMemory: MachineMemory) -> [BenchCase] {
        let perGIF = plans(files: files, memory: hostMemory).map { ($0.input, $0.played) }
        // Each way of playing a plan: every speed × codec × display. Throughput mode plays as fast as frames decode,
        // whatever the speed: its cases play once, at speed 1, and the answer replays them at every speed asked.
        let speeds = mode == .throughput ? [1] : self.speeds
        let ways = speeds.flatMap { speed in codecs.flatMap { codec in displays.map { (speed: speed, codec: codec, display: $0) } } }
        var cases: [BenchCase] = []
        for repetition in 1...repetitions {
            for (input, resolved) in perGIF {
                for way in ways {
                    // The first setting of each way that decodes in the background probes what pacing costs, in
                    // every repetition: the answer pools the probes, so one probe on a slow core does not set it.
                    let prober = mode == .throughput
                        ? resolved.first { $0.0 != .eager }?.0 : nil
                    for (decoder, policy) in resolved {
                        var benchCase = BenchCase(gif: input.name, path: files.paths[input.name] ?? "",
                                                  decoder: decoder, chosenBy: policy,
                                                  loops: loops, mode: mode, speed: way.speed, refreshHz: refreshHz,
                                                  cpus: cpus,
                                                  byteSource: byteSource, codec: way.codec, repetition: repetition,
                                                  samplerInterval: samplerInterval,
                                                  extraWorkPerFrame: decoder == .eager ? 0 : windowedSlowdown,
                                                  limits: limits)
                        benchCase.plantedLeakBytes = plantedLeakBytes
                        if decoder != .eager { benchCase.identity.planted.pageFaultBytes = plantedPageFaultBytes }
                        benchCase.identity.planted.decodeSlowdown = decodeSlowdown
                        benchCase.memoryWarningAt = memoryWarningAt
                        benchCase.device = device?.name
                        benchCase.display = way.display
                        benchCase.probesPacing = decoder == prober
                        cases.append(benchCase)
                    }
                }
            }
        }
        return cases
    }
}

extension Suite {
    /// A decoder for one GIF and the policy that chose it (nil: the user named it).
    typealias Plan = (decoder: DecoderChoice, chosenBy: String?)

    /// Each input's plans: the settings resolved for it, de-duplicated, split into those that play its format and
    /// those that cannot (a GIF-only library on a WebP).
    func plans(files: CorpusFiles, memory hostMemory: MachineMemory)
        -> [(input: GIFInput, played: [Plan], refused: [(decoder: DecoderChoice, reason: String)])] {
        let memory = device?.memory ?? hostMemory
        return inputs.compactMap { input in
            guard let facts = files.gifFacts[input.name] else { return nil }
            var resolved: [Plan] = []
            for setting in settings {
                let plan = (setting.decoder(frameBytes: facts.frameBytes, frameCount: facts.frameCount, memory: memory),
                            setting.chosenBy)
                if !resolved.contains(where: { $0 == plan }) { resolved.append(plan) }
            }
            let refused = resolved.compactMap { plan in
                plan.decoder.refusal(for: facts.format).map { (decoder: plan.decoder, reason: $0) }
            }
            return (input, resolved.filter { $0.decoder.refusal(for: facts.format) == nil }, refused)
        }
    }

    /// One line for each setting that is not played on some inputs, and why: `flanimatedimage (cache 10) is not played
    /// on seed.webp: FLAnimatedImage takes GIF data only (…)`.
    public func refusals(files: CorpusFiles, memory: MachineMemory) -> [String] {
        var lines: [String] = []
        for (input, _, refused) in plans(files: files, memory: memory) {
            for (decoder, reason) in refused {
                let line = "\(decoder) is not played on \(input.name): \(reason)"
                if !lines.contains(line) { lines.append(line) }
            }
        }
        return lines
    }

    /// The settings an answer is read against, when `settings` lack them: eager (every "÷ eager" column divides by
    /// it), and the default of each library whose setting is changed (a sweep's answer is "n% of the default").
    public static func references(besides settings: [DecoderSetting]) -> [DecoderSetting] {
        var references: [DecoderSetting] = settings.contains(where: \.isEager) ? [] : [.eager]
        for setting in settings {
            guard let standard = setting.libraryDefault, !settings.contains(standard), !references.contains(standard) else { continue }
            references.append(standard)
        }
        return references
    }

    /// What a run will play, counted from the cases themselves (after de-duplication, --filter and --shard), e.g.
    /// "9 cases (1 GIF × 3 settings × 3 repetitions, 1 loop each, throughput mode), one child process per case".
    public static func countLine(_ cases: [BenchCase]) -> String {
        let gifs = Set(cases.map(\.gif)).count
        // A setting is what a row of the report differs by within one GIF and speed: decoder, display size, codec.
        let settings = Set(cases.map { "\($0.decoderLabel)|\($0.display.map { "\($0)" } ?? "full")|\($0.codec)" }).count
        let speeds = Set(cases.map(\.speed)).count
        let repetitions = cases.map(\.repetition).max() ?? 0
        let loops = Set(cases.map(\.loops)).sorted().map(String.init).joined(separator: " or ")
        let modes = Set(cases.map(\.mode.rawValue)).sorted().joined(separator: " and ")
        var factors = [Format.count(gifs, "GIF"), Format.count(settings, "setting")]
        if speeds > 1 { factors.append(Format.count(speeds, "speed")) }
        factors.append(Format.count(repetitions, "repetition"))
        let product = gifs * settings * speeds * repetitions
        // A shard or a filter may take some settings of one GIF and not another: then the product overcounts.
        let shape = product == cases.count ? factors.joined(separator: " × ") : "from " + factors.joined(separator: ", ")
        return "\(Format.count(cases.count, "case")) (\(shape), \(loops) loop\(loops == "1" ? "" : "s") each, "
               + "\(modes) mode), "
            + "one child process per case"
    }

    /// How long the real-time cases play, known before they start: each case's loops of its GIF at its speed, summed
    /// (the decoding before frame 0 and the children's start-up come on top). Nil when no case plays in real time.
    public static func realTimeLength(_ cases: [BenchCase], loopSeconds: [String: Double]) -> String? {
        let realTime = cases.filter { $0.mode == .realtime }
        guard !realTime.isEmpty else { return nil }
        let seconds = realTime.reduce(0.0) { $0 + Double($1.loops) * (loopSeconds[$1.gif] ?? 0) / $1.speed }
        return "the \(Format.count(realTime.count, "real-time case")) play \(Format.duration(seconds)) of "
               + "animation in all: "
            + "the run takes at least that long"
    }
}
