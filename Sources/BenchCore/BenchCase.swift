import GIFCodec
import MemoryProbe

/// Which decoder a case plays with.
public enum DecoderChoice: Sendable, Hashable, Codable, CustomStringConvertible {
    case eager
    case windowed(window: Int)
    /// The windowed decoder keeping every frame once decoded (its own eager limit).
    case windowedAll
    /// Not a decoder: allocates and touches exactly `bytes` bytes for the whole playback, then frees them,
    /// so a test can check that the probe reports what was really held.
    case calibration(bytes: Int)

    /// The CSV `decoder` column.
    public var name: String {
        switch self {
        case .eager: "eager"
        case .windowed, .windowedAll: "windowed"
        case .calibration: "calibration"
        }
    }

    /// The CSV `window` column: the window, or the frame count for decoders that hold every frame.
    public func windowColumn(frameCount: Int) -> Int {
        switch self {
        case .eager, .windowedAll: frameCount
        case .windowed(let window): window
        case .calibration: 0
        }
    }

    public var description: String {
        switch self {
        case .eager: "eager"
        case .windowed(let window): "windowed w=\(window)"
        case .windowedAll: "windowed w=all"
        case .calibration(let bytes): "calibration \(bytes) B"
        }
    }
}

/// How the player asks for frames.
public enum PlaybackMode: String, Sendable, Hashable, Codable {
    /// The next frame as soon as it can be had.
    case throughput
    /// A display link asks for each frame at its deadline; a frame not ready then is a stall.
    case realtime
}

/// Where the child keeps the compressed GIF bytes.
public enum ByteSource: String, Sendable, Hashable, Codable {
    /// One heap allocation (what an image cache holding `Data` does).
    case heap
    /// The file mapped read-only with `mmap`: the bytes are page cache, not heap.
    case mmap
}

/// A fault a child deliberately suffers, so tests can prove a crash or hang becomes a failed row.
public enum InjectedFault: String, Sendable, Hashable, Codable {
    case crash
    case hang
}

/// One measured run: a GIF, a decoder, and how to play it; executed in its own child process.
public struct BenchCase: Sendable, Hashable, Codable {
    /// Name of the GIF in reports.
    public var gif: String
    /// The GIF file the child reads.
    public var path: String
    public var decoder: DecoderChoice
    /// What chose the decoder and window: `eager`, `fixed` (a `--windows` value), `all`, or a policy name.
    public var policy: String
    public var loops: Int
    public var mode: PlaybackMode
    /// Real-time mode: playback speed factor (2 = twice as fast as the GIF's delays).
    public var speed: Double
    /// Real-time mode: display refresh rate in Hz.
    public var refreshHz: Double
    /// Pin the child to this many CPUs (`sched_setaffinity`), or use all.
    public var cpus: Int?
    public var byteSource: ByteSource
    /// 1-based repetition number.
    public var repetition: Int
    /// Background sampling period in seconds; 0 samples only at frame steps; negative turns the sampler off
    /// (memory peaks then read 0), which is how its own cost is measured.
    public var samplerInterval: Double
    /// Test knob: the windowed decoder decodes frames this many extra times on average (a planted regression).
    public var extraWorkPerFrame: Double
    /// Canvas and eager-memory ceilings (`--max-pixels`, `--max-eager-bytes`).
    public var limits: DecodeLimits
    public var injectedFault: InjectedFault?
    /// Test knob: bytes the child allocates during playback and never frees (a planted leak).
    public var plantedLeakBytes = 0

    public init(gif: String, path: String, decoder: DecoderChoice, policy: String? = nil, loops: Int,
                mode: PlaybackMode = .throughput, speed: Double = 1, refreshHz: Double = 60, cpus: Int? = nil,
                byteSource: ByteSource = .heap, repetition: Int = 1,
                samplerInterval: Double = MemorySampler.defaultInterval, extraWorkPerFrame: Double = 0,
                limits: DecodeLimits = .default, injectedFault: InjectedFault? = nil) {
        self.gif = gif
        self.path = path
        self.decoder = decoder
        self.policy = policy ?? Self.defaultPolicy(for: decoder)
        self.loops = loops
        self.mode = mode
        self.speed = speed
        self.refreshHz = refreshHz
        self.cpus = cpus
        self.byteSource = byteSource
        self.repetition = repetition
        self.samplerInterval = samplerInterval
        self.extraWorkPerFrame = extraWorkPerFrame
        self.limits = limits
        self.injectedFault = injectedFault
    }

    static func defaultPolicy(for decoder: DecoderChoice) -> String {
        switch decoder {
        case .eager: "eager"
        case .windowed: "fixed"
        case .windowedAll: "all"
        case .calibration: "calibration"
        }
    }
}

extension BenchCase {
    /// The command-line form the measuring child takes: `--gif NAME --path FILE --decoder eager|windowed …`.
    public var arguments: [String] {
        var arguments = ["--gif", gif, "--path", path, "--decoder", decoder.name, "--policy", policy, "--loops", "\(loops)",
                         "--mode", mode.rawValue, "--speed", "\(speed)", "--refresh", "\(refreshHz)", "--bytes-from", byteSource.rawValue,
                         "--repetition", "\(repetition)", "--sampler-interval", "\(samplerInterval)"]
        switch decoder {
        case .windowed(let window): arguments += ["--window", "\(window)"]
        case .windowedAll: arguments += ["--window", "all"]
        case .calibration(let bytes): arguments += ["--bytes", "\(bytes)"]
        case .eager: break
        }
        if let cpus { arguments += ["--cpus", "\(cpus)"] }
        if extraWorkPerFrame > 0 { arguments += ["--extra-work", "\(extraWorkPerFrame)"] }
        if limits != .default {
            arguments += ["--max-pixels", "\(limits.maxCanvasPixels)", "--max-eager-bytes", "\(limits.maxEagerBytes)",
                          "--max-file-size", "\(limits.maxFileBytes)"]
        }
        if let injectedFault { arguments += ["--fault", injectedFault.rawValue] }
        if plantedLeakBytes > 0 { arguments += ["--plant-leak", "\(plantedLeakBytes)"] }
        return arguments
    }

    /// Reads the form ``arguments`` writes; `nil` when anything is missing or malformed.
    public init?(arguments: [String]) {
        var values: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
            values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count, let gif = values["gif"], let path = values["path"], let policy = values["policy"],
              let loops = values["loops"].flatMap(Int.init), let mode = values["mode"].flatMap(PlaybackMode.init(rawValue:)),
              let speed = values["speed"].flatMap(Double.init), let refresh = values["refresh"].flatMap(Double.init),
              let byteSource = values["bytes-from"].flatMap(ByteSource.init(rawValue:)),
              let repetition = values["repetition"].flatMap(Int.init),
              let interval = values["sampler-interval"].flatMap(Double.init) else { return nil }
        let decoder: DecoderChoice
        switch (values["decoder"], values["window"]) {
        case ("eager", nil): decoder = .eager
        case ("windowed", "all"): decoder = .windowedAll
        case ("windowed", let window?):
            guard let frames = Int(window), frames >= 1 else { return nil }
            decoder = .windowed(window: frames)
        case ("calibration", nil):
            guard let bytes = values["bytes"].flatMap(Int.init), bytes >= 0 else { return nil }
            decoder = .calibration(bytes: bytes)
        default: return nil
        }
        var cpus: Int?
        if let text = values["cpus"] {
            guard let count = Int(text), count >= 1 else { return nil }
            cpus = count
        }
        var extraWork = 0.0
        if let text = values["extra-work"] {
            guard let count = Double(text), count >= 0, count.isFinite else { return nil }
            extraWork = count
        }
        var limits = DecodeLimits.default
        if let pixels = values["max-pixels"] {
            guard let value = Int(pixels), value > 0 else { return nil }
            limits.maxCanvasPixels = value
        }
        if let bytes = values["max-eager-bytes"] {
            guard let value = Int(bytes), value > 0 else { return nil }
            limits.maxEagerBytes = value
        }
        if let bytes = values["max-file-size"] {
            guard let value = Int(bytes), value > 0 else { return nil }
            limits.maxFileBytes = value
        }
        var fault: InjectedFault?
        if let name = values["fault"] {
            guard let parsed = InjectedFault(rawValue: name) else { return nil }
            fault = parsed
        }
        self.init(gif: gif, path: path, decoder: decoder, policy: policy, loops: loops, mode: mode, speed: speed,
                  refreshHz: refresh, cpus: cpus, byteSource: byteSource, repetition: repetition,
                  samplerInterval: interval, extraWorkPerFrame: extraWork, limits: limits, injectedFault: fault)
        if let text = values["plant-leak"] {
            guard let bytes = Int(text), bytes >= 0 else { return nil }
            plantedLeakBytes = bytes
        }
    }
}
