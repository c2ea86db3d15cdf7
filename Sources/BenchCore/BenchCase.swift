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
    /// The windowed decoder's window when none is named: the default suite's, and the one error messages quote.
    public static let defaultWindow = 4

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
    /// The LZW decoder every frame is drawn with.
    public var codec: LZWCodec
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
                byteSource: ByteSource = .heap, codec: LZWCodec = .default, repetition: Int = 1,
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
        self.codec = codec
        self.repetition = repetition
        self.samplerInterval = samplerInterval
        self.extraWorkPerFrame = extraWorkPerFrame
        self.limits = limits
        self.injectedFault = injectedFault
    }

    static func defaultPolicy(for decoder: DecoderChoice) -> String {
        switch decoder {
        case .eager: CaseIdentity.eagerPolicy
        case .windowed: CaseIdentity.fixedWindowPolicy
        case .windowedAll: CaseIdentity.keepAllPolicy
        case .calibration: "calibration"
        }
    }
}

extension BenchCase {
    /// The command line the measuring child takes: `--case JSON`, the case in its one Codable form.
    public var arguments: [String] {
        // Encoding a case cannot fail: every field is a string, a number, a flag or an enum.
        ["--case", (try? JSONWriter.encode(self)) ?? "{}"]
    }

    /// Reads the form ``arguments`` writes; `nil` when anything is missing or malformed.
    public init?(arguments: [String]) {
        guard arguments.count == 2, arguments[0] == "--case",
              let decoded = try? JSONReader.decode(BenchCase.self, from: arguments[1]) else { return nil }
        self = decoded
    }
}

/// What makes runs the same case, whatever their repetition or where the file sat: the GIF, the decoder and what
/// chose it, and how it was played. Summaries, the gate, the charts and baseline checks all group by it, so a new
/// dimension of a case is added here once.
public struct CaseIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    public var gif: String
    public var decoder: DecoderChoice
    public var policy: String
    public var loops: Int
    public var mode: PlaybackMode
    public var speed: Double
    public var refreshHz: Double
    public var cpus: Int?
    public var byteSource: ByteSource
    public var codec: LZWCodec

    /// The same case played by another decoder, chosen by `policy` (its eager partner, for same-run ratios).
    public func with(decoder: DecoderChoice, policy: String) -> CaseIdentity {
        var other = self
        other.decoder = decoder
        other.policy = policy
        return other
    }

    /// Whether a named library policy or a budget chose the decoder, rather than the user naming it (`eager`, a
    /// `--windows` value, `all`): reports then show the policy beside the decoder.
    public var policyChoseDecoder: Bool { ![Self.eagerPolicy, Self.fixedWindowPolicy, Self.keepAllPolicy].contains(policy) }

    /// The `policy` labels of decoders named directly: eager, a `--windows N` value, and `--windows all`.
    public static let eagerPolicy = "eager", fixedWindowPolicy = "fixed", keepAllPolicy = "all"

    public var description: String { "\(gif) · \(decoder) (\(policy))" }
}

extension BenchCase {
    public var identity: CaseIdentity {
        CaseIdentity(gif: gif, decoder: decoder, policy: policy, loops: loops, mode: mode, speed: speed, refreshHz: refreshHz,
                     cpus: cpus, byteSource: byteSource, codec: codec)
    }

    public var policyChoseDecoder: Bool { identity.policyChoseDecoder }
}

extension BenchCase {
    private enum CodingKeys: String, CodingKey {
        case gif, path, decoder, policy, loops, mode, speed, refreshHz, cpus, byteSource, codec, repetition, samplerInterval,
             extraWorkPerFrame, limits, injectedFault, plantedLeakBytes
    }

    /// Reads a case; one written before `codec` existed was drawn with giflib, the only codec then.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(gif: try values.decode(String.self, forKey: .gif), path: try values.decode(String.self, forKey: .path),
                  decoder: try values.decode(DecoderChoice.self, forKey: .decoder), policy: try values.decode(String.self, forKey: .policy),
                  loops: try values.decode(Int.self, forKey: .loops), mode: try values.decode(PlaybackMode.self, forKey: .mode),
                  speed: try values.decode(Double.self, forKey: .speed), refreshHz: try values.decode(Double.self, forKey: .refreshHz),
                  cpus: try values.decodeIfPresent(Int.self, forKey: .cpus),
                  byteSource: try values.decode(ByteSource.self, forKey: .byteSource),
                  codec: try values.decodeIfPresent(LZWCodec.self, forKey: .codec) ?? .giflib,
                  repetition: try values.decode(Int.self, forKey: .repetition),
                  samplerInterval: try values.decode(Double.self, forKey: .samplerInterval),
                  extraWorkPerFrame: try values.decode(Double.self, forKey: .extraWorkPerFrame),
                  limits: try values.decode(DecodeLimits.self, forKey: .limits),
                  injectedFault: try values.decodeIfPresent(InjectedFault.self, forKey: .injectedFault))
        plantedLeakBytes = try values.decode(Int.self, forKey: .plantedLeakBytes)
    }
}
