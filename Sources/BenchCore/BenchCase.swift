import MemoryProbe

/// Which decoder a case plays with.
public enum DecoderChoice: Sendable, Hashable, Codable, CustomStringConvertible {
    case eager
    case windowed(window: Int)
    /// Not a decoder: allocates and touches exactly `bytes` bytes for the whole playback, then frees them,
    /// so a test can check that the probe reports what was really held.
    case calibration(bytes: Int)

    /// The CSV `decoder` column.
    public var name: String {
        switch self {
        case .eager: "eager"
        case .windowed: "windowed"
        case .calibration: "calibration"
        }
    }

    /// The CSV `window` column: the window, or the frame count for eager (it holds every frame).
    public func windowColumn(frameCount: Int) -> Int {
        switch self {
        case .eager: frameCount
        case .windowed(let window): window
        case .calibration: 0
        }
    }

    public var description: String {
        switch self {
        case .eager: "eager"
        case .windowed(let window): "windowed w=\(window)"
        case .calibration(let bytes): "calibration \(bytes) B"
        }
    }
}

/// How the player asks for frames.
public enum PlaybackMode: String, Sendable, Hashable, Codable {
    /// The next frame as soon as it can be had.
    case throughput
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
    public var loops: Int
    public var mode: PlaybackMode
    /// 1-based repetition number.
    public var repetition: Int
    /// Background sampling period in seconds; 0 samples only at frame steps; negative turns the sampler off
    /// (memory peaks then read 0), which is how its own cost is measured.
    public var samplerInterval: Double
    public var injectedFault: InjectedFault?

    public init(gif: String, path: String, decoder: DecoderChoice, loops: Int, mode: PlaybackMode = .throughput,
                repetition: Int = 1, samplerInterval: Double = MemorySampler.defaultInterval, injectedFault: InjectedFault? = nil) {
        self.gif = gif
        self.path = path
        self.decoder = decoder
        self.loops = loops
        self.mode = mode
        self.repetition = repetition
        self.samplerInterval = samplerInterval
        self.injectedFault = injectedFault
    }
}

extension BenchCase {
    /// The command-line form the measuring child takes: `--gif NAME --path FILE --decoder eager|windowed …`.
    public var arguments: [String] {
        var arguments = ["--gif", gif, "--path", path, "--decoder", decoder.name, "--loops", "\(loops)", "--mode", mode.rawValue,
                         "--repetition", "\(repetition)", "--sampler-interval", "\(samplerInterval)"]
        if case .windowed(let window) = decoder { arguments += ["--window", "\(window)"] }
        if case .calibration(let bytes) = decoder { arguments += ["--bytes", "\(bytes)"] }
        if let injectedFault { arguments += ["--fault", injectedFault.rawValue] }
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
        guard index == arguments.count, let gif = values["gif"], let path = values["path"],
              let loops = values["loops"].flatMap(Int.init), let mode = values["mode"].flatMap(PlaybackMode.init(rawValue:)),
              let repetition = values["repetition"].flatMap(Int.init),
              let interval = values["sampler-interval"].flatMap(Double.init) else { return nil }
        let decoder: DecoderChoice
        switch values["decoder"] {
        case "eager": decoder = .eager
        case "windowed":
            guard let window = values["window"].flatMap(Int.init), window >= 1 else { return nil }
            decoder = .windowed(window: window)
        case "calibration":
            guard let bytes = values["bytes"].flatMap(Int.init), bytes >= 0 else { return nil }
            decoder = .calibration(bytes: bytes)
        default: return nil
        }
        var fault: InjectedFault?
        if let name = values["fault"] {
            guard let parsed = InjectedFault(rawValue: name) else { return nil }
            fault = parsed
        }
        self.init(gif: gif, path: path, decoder: decoder, loops: loops, mode: mode, repetition: repetition,
                  samplerInterval: interval, injectedFault: fault)
    }
}
