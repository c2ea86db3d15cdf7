import FrameDecoders
import GIFCodec
import MemoryProbe

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

/// One measured run, executed in its own child process: the case it is (its ``CaseIdentity``: the GIF, the decoder and
/// what chose it, how it is played), and beside it only what differs from run to run of that case: the file it is read
/// from, the repetition, the sampler's period, the limits and an injected fault. The identity's fields read and write
/// through the case (`benchCase.loops`), so they are stated once, in ``CaseIdentity``.
@dynamicMemberLookup
public struct BenchCase: Sendable, Hashable, Codable {
    /// The windowed decoder's window when none is named: the default suite's, and the one error messages quote.
    public static let defaultWindow = 4

    /// What is measured: every repetition of the case shares it.
    public var identity: CaseIdentity
    /// The GIF file the child reads.
    public var path: String
    /// 1-based repetition number.
    public var repetition: Int
    /// Background sampling period in seconds; 0 samples only at frame steps; negative turns the sampler off
    /// (memory peaks then read 0), which is how its own cost is measured.
    public var samplerInterval: Double
    /// Canvas and eager-memory ceilings (`--max-pixels`, `--max-eager-bytes`).
    public var limits: DecodeLimits
    public var injectedFault: InjectedFault?
    /// Whether the child also times a few frames decoded back to back and then paced at their delays, as playback
    /// paces them (``FrameCostTrace/paced``): set on one case of each GIF played, never part of its identity.
    public var probesPacing = false

    public init(gif: String, path: String, decoder: DecoderChoice, chosenBy policy: String?, loops: Int,
                mode: PlaybackMode = .throughput, speed: Double = 1, refreshHz: Double = 60, cpus: Int? = nil,
                memoryWarningAt: Double? = nil,
                byteSource: ByteSource = .heap, codec: LZWCodec = .default, repetition: Int = 1,
                samplerInterval: Double = MemorySampler.defaultInterval, extraWorkPerFrame: Double = 0,
                limits: DecodeLimits = .default, injectedFault: InjectedFault? = nil) {
        identity = CaseIdentity(gif: gif, decoder: decoder, chosenBy: policy, loops: loops, mode: mode, speed: speed,
                                refreshHz: refreshHz, cpus: cpus, memoryWarningAt: memoryWarningAt, device: nil,
                                display: nil, byteSource: byteSource, codec: codec,
                                planted: PlantedFaults(extraWorkPerFrame: extraWorkPerFrame))
        self.path = path
        self.repetition = repetition
        self.samplerInterval = samplerInterval
        self.limits = limits
        self.injectedFault = injectedFault
    }

    /// A case whose decoder the user named (no policy chose it).
    public init(gif: String, path: String, decoder: DecoderChoice, loops: Int, mode: PlaybackMode = .throughput,
                speed: Double = 1,
                refreshHz: Double = 60, cpus: Int? = nil, byteSource: ByteSource = .heap, codec: LZWCodec = .default,
                repetition: Int = 1,
                samplerInterval: Double = MemorySampler.defaultInterval, extraWorkPerFrame: Double = 0,
                limits: DecodeLimits = .default,
                injectedFault: InjectedFault? = nil) {
        self.init(gif: gif, path: path, decoder: decoder, chosenBy: nil, loops: loops, mode: mode, speed: speed,
                  refreshHz: refreshHz, cpus: cpus, byteSource: byteSource, codec: codec, repetition: repetition,
                  samplerInterval: samplerInterval, extraWorkPerFrame: extraWorkPerFrame, limits: limits,
                  injectedFault: injectedFault)
    }

    /// A field of the case's identity, read through the case.
    public subscript<Value>(dynamicMember field: KeyPath<CaseIdentity, Value>) -> Value {
        identity[keyPath: field]
    }

    /// A field of the case's identity, read or set through the case.
    public subscript<Value>(dynamicMember field: WritableKeyPath<CaseIdentity, Value>) -> Value {
        get { identity[keyPath: field] }
        set { identity[keyPath: field] = newValue }
    }

    /// Test knob: the windowed decoder decodes frames this many extra times on average (a planted regression).
    public var extraWorkPerFrame: Double {
        get { identity.planted.extraWorkPerFrame }
        set { identity.planted.extraWorkPerFrame = newValue }
    }

    /// Test knob: bytes the child allocates during playback and never frees (a planted leak).
    public var plantedLeakBytes: Int {
        get { identity.planted.leakBytes }
        set { identity.planted.leakBytes = newValue }
    }
}

/// What makes runs the same case, whatever their repetition or where the file sat: the GIF, the decoder and what
/// chose it, and how it was played. Summaries, the gate, the charts and baseline checks all group by it, so a new
/// dimension of a case is added here once.
public struct CaseIdentity: Sendable, Hashable, CustomStringConvertible {
    public var gif: String
    /// The decoder the case plays with.
    public var decoder: DecoderChoice
    /// The policy that chose the decoder for this GIF (`kingfisher`, `budget:32MiB`, as `--policies` names it); nil
    /// when the user named the decoder (`eager`, a `--windows` value).
    public var chosenBy: String?
    public var loops: Int
    public var mode: PlaybackMode
    public var speed: Double
    public var refreshHz: Double
    public var cpus: Int?
    public var memoryWarningAt: Double?
    public var device: String?
    public var display: DisplaySize?
    public var byteSource: ByteSource
    public var codec: LZWCodec
    /// The test knobs the case was played with: a planted case is never the same case as a clean one.
    public var planted: PlantedFaults

    /// The CSV `policy` column: the policy that chose the decoder, or for a named decoder `eager`, `fixed` (a window)
    /// or `all`.
    public var policy: String { chosenBy ?? decoder.namedPolicy }

    /// Whether a policy chose the decoder: reports then show the policy beside the decoder.
    public var chosenByPolicy: Bool { chosenBy != nil }

    /// The decoder, and the policy beside it when one chose it: `windowed w=5 (budget:32MiB)`; a library's player
    /// names its settings itself.
    public var decoderLabel: String {
        if decoder.isLibrary { return "\(decoder)" }
        return chosenBy.map { "\(decoder) (\($0))" } ?? "\(decoder)"
    }

    /// The same case without its planted faults: what a gate pairs a planted candidate with in a clean baseline.
    public var unplanted: CaseIdentity {
        var clean = self
        clean.planted = PlantedFaults()
        return clean
    }

    /// The same case decoded eagerly, as the user would name it: the partner of same-run ratios.
    public var eagerPartner: CaseIdentity {
        var other = self
        other.decoder = .eager
        other.chosenBy = nil
        return other
    }

    public var description: String { "\(gif) · \(decoder) (\(policy))" }

    /// What chose `decoder`, read back from the `policy` column it was written with: nil when that is the column a
    /// named decoder writes. A library's player is always a policy's.
    static func chosenBy(policyColumn label: String, decoder: DecoderChoice) -> String? {
        if decoder.isLibrary { return label }
        return decoder.namedPolicy == label ? nil : label
    }
}

/// The test knobs that plant a regression in a case (`--slow-windowed`, `--plant-leak`, `--plant-page-faults`): part of
/// a case's identity, so a planted row is never summarised, saved or gated as a clean one.
public struct PlantedFaults: Sendable, Hashable {
    /// Extra LZW decodes per frame in the windowed decoder (`--slow-windowed`).
    public var extraWorkPerFrame: Double
    /// Bytes allocated in playback and never freed (`--plant-leak`).
    public var leakBytes: Int
    /// Bytes of pages touched and given back to the kernel once per loop (`--plant-page-faults`).
    public var pageFaultBytes: Int
    /// Every decode of the windowed decoder and the library players made this many times as costly on its thread
    /// (`--decode-slowdown`): a slower device, for checking the answer's margins in real time. 1 is none.
    public var decodeSlowdown: Double = 1

    public init(extraWorkPerFrame: Double = 0, leakBytes: Int = 0, pageFaultBytes: Int = 0) {
        self.extraWorkPerFrame = extraWorkPerFrame
        self.leakBytes = leakBytes
        self.pageFaultBytes = pageFaultBytes
    }

    /// No fault planted.
    public var isEmpty: Bool { extraWorkPerFrame == 0 && leakBytes == 0 && pageFaultBytes == 0 && decodeSlowdown == 1 }
}

extension BenchCase {
    private enum CodingKeys: String, CodingKey {
        case gif, path, decoder, policy, loops, mode, speed, refreshHz, cpus, memoryWarningAt, device, display, byteSource, codec, repetition, samplerInterval,
             extraWorkPerFrame, limits, injectedFault, plantedLeakBytes, plantedPageFaultBytes, decodeSlowdown,
             probesPacing
    }

    /// Reads a case; one written before `codec` existed was drawn with giflib, the only codec then, and one written
    /// before planted leaks existed planted none.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let decoderChoice = try values.decode(DecoderChoice.self, forKey: .decoder)
        let policy = CaseIdentity.chosenBy(policyColumn: try values.decode(String.self, forKey: .policy),
                                           decoder: decoderChoice)
        self.init(gif: try values.decode(String.self, forKey: .gif),
                  path: try values.decode(String.self, forKey: .path), decoder: decoderChoice, chosenBy: policy,
                  loops: try values.decode(Int.self, forKey: .loops),
                  mode: try values.decode(PlaybackMode.self, forKey: .mode),
                  speed: try values.decode(Double.self, forKey: .speed),
                  refreshHz: try values.decode(Double.self, forKey: .refreshHz),
                  cpus: try values.decodeIfPresent(Int.self, forKey: .cpus),
                  memoryWarningAt: try values.decodeIfPresent(Double.self, forKey: .memoryWarningAt),
                  byteSource: try values.decode(ByteSource.self, forKey: .byteSource),
                  codec: try values.decodeIfPresent(LZWCodec.self, forKey: .codec) ?? .giflib,
                  repetition: try values.decode(Int.self, forKey: .repetition),
                  samplerInterval: try values.decode(Double.self, forKey: .samplerInterval),
                  extraWorkPerFrame: try values.decode(Double.self, forKey: .extraWorkPerFrame),
                  limits: try values.decode(DecodeLimits.self, forKey: .limits),
                  injectedFault: try values.decodeIfPresent(InjectedFault.self, forKey: .injectedFault))
        plantedLeakBytes = try values.decodeIfPresent(Int.self, forKey: .plantedLeakBytes) ?? 0
        identity.planted.pageFaultBytes = try values.decodeIfPresent(Int.self, forKey: .plantedPageFaultBytes) ?? 0
        identity.planted.decodeSlowdown = try values.decodeIfPresent(Double.self, forKey: .decodeSlowdown) ?? 1
        probesPacing = try values.decodeIfPresent(Bool.self, forKey: .probesPacing) ?? false
        identity.device = try values.decodeIfPresent(String.self, forKey: .device)
        identity.display = try values.decodeIfPresent(DisplaySize.self, forKey: .display)
    }

    /// The decoder and what chose it are written as the first schema's two fields, `decoder` and `policy`.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(identity.gif, forKey: .gif)
        try values.encode(path, forKey: .path)
        try values.encode(identity.decoder, forKey: .decoder)
        try values.encode(identity.policy, forKey: .policy)
        try values.encode(identity.loops, forKey: .loops)
        try values.encode(identity.mode, forKey: .mode)
        try values.encode(identity.speed, forKey: .speed)
        try values.encode(identity.refreshHz, forKey: .refreshHz)
        try values.encodeIfPresent(identity.cpus, forKey: .cpus)
        try values.encodeIfPresent(identity.memoryWarningAt, forKey: .memoryWarningAt)
        try values.encodeIfPresent(identity.device, forKey: .device)
        try values.encodeIfPresent(identity.display, forKey: .display)
        try values.encode(identity.byteSource, forKey: .byteSource)
        try values.encode(identity.codec, forKey: .codec)
        try values.encode(repetition, forKey: .repetition)
        try values.encode(samplerInterval, forKey: .samplerInterval)
        try values.encode(extraWorkPerFrame, forKey: .extraWorkPerFrame)
        try values.encode(limits, forKey: .limits)
        try values.encodeIfPresent(injectedFault, forKey: .injectedFault)
        try values.encode(plantedLeakBytes, forKey: .plantedLeakBytes)
        if identity.planted.pageFaultBytes > 0 { try values.encode(identity.planted.pageFaultBytes, forKey: .plantedPageFaultBytes) }
        if probesPacing { try values.encode(probesPacing, forKey: .probesPacing) }
        if identity.planted.decodeSlowdown != 1 {
            try values.encode(identity.planted.decodeSlowdown, forKey: .decodeSlowdown)
        }
    }
}
