import FrameDecoders
import MemoryProbe

/// What one case measured: one CSV row. The case and the GIF's facts identify the row; every figure is a
/// ``Measure`` in ``measurements``, put there by its source's producer.
public struct CaseResult: Sendable {
    public var benchCase: BenchCase
    /// `nil` when the case ran; otherwise why it failed (crash, timeout, bad input).
    public var failure: String?

    public var width = 0
    public var height = 0
    public var frames = 0
    public var fileBytes = 0
    /// The file ends before its trailer: the frames before the cut play, the cut frame as far as its data goes.
    public var truncated = false
    /// The frames' identity: their hash at full size, whatever size the decoder kept them at.
    public var framesHash = ""
    /// `--display` smaller than the GIF: the hash of the display-sized frames the decoder lent.
    public var displayFramesHash: String?
    /// FNV-1a 64 of the GIF file's bytes: frames are compared with a baseline's only for the same bytes.
    public var gifBytesHash: String?

    /// The recorded measures; derived ones are computed on reading (``subscript(_:)``).
    public var measurements: [Measure: Double] = [:]

    public var samplerSamples = 0
    public var timeline: MemoryTimeline?
    /// Throughput mode: what each frame's decode cost, loop by loop, for a replay to play (``FrameCostTrace``).
    public var frameCosts: FrameCostTrace?

    public init(benchCase: BenchCase, failure: String? = nil) {
        self.benchCase = benchCase
        self.failure = failure
    }

    /// A measure's value, recorded or derived; `nil` when nothing measured it (a failed case, instructions not
    /// counted).
    public func value(_ measure: Measure) -> Double? {
        if let formula = measure.formula { return formula(self) }
        return measurements[measure]
    }

    /// A measure's value, 0 when nothing measured it. Setting records it.
    public subscript(_ measure: Measure) -> Double {
        get { value(measure) ?? 0 }
        set { measurements[measure] = newValue }
    }

    func stored(_ measure: Measure) -> Double? { measurements[measure] }
}

extension CaseResult: Codable {
    /// One flat object: the identity fields, then each recorded measure under its CSV column name, the one spelling
    /// of a measure in every file (counts and bytes as integers).
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: NamedKey.self)
        try values.encode(benchCase, forKey: NamedKey("benchCase"))
        try values.encodeIfPresent(failure, forKey: NamedKey("failure"))
        try values.encode(width, forKey: NamedKey("width"))
        try values.encode(height, forKey: NamedKey("height"))
        try values.encode(frames, forKey: NamedKey("frames"))
        try values.encode(fileBytes, forKey: NamedKey("fileBytes"))
        try values.encode(truncated, forKey: NamedKey("truncated"))
        try values.encode(framesHash, forKey: NamedKey("framesHash"))
        try values.encodeIfPresent(displayFramesHash, forKey: NamedKey("displayFramesHash"))
        try values.encodeIfPresent(gifBytesHash, forKey: NamedKey("gifBytesHash"))
        for measure in Measure.allCases where measure.isStored {
            guard let value = measurements[measure] else { continue }
            if measure.unit == .bytes || measure.unit == .count, let integer = Int64(exactly: value) {
                try values.encode(integer, forKey: NamedKey(measure.column))
            } else {
                try values.encode(value, forKey: NamedKey(measure.column))
            }
        }
        try values.encode(samplerSamples, forKey: NamedKey("samplerSamples"))
        try values.encodeIfPresent(timeline, forKey: NamedKey("timeline"))
        try values.encodeIfPresent(frameCosts, forKey: NamedKey("frame_costs"))
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: NamedKey.self)
        self.init(benchCase: try values.decode(BenchCase.self, forKey: NamedKey("benchCase")),
                  failure: try values.decodeIfPresent(String.self, forKey: NamedKey("failure")))
        width = try values.decode(Int.self, forKey: NamedKey("width"))
        height = try values.decode(Int.self, forKey: NamedKey("height"))
        frames = try values.decode(Int.self, forKey: NamedKey("frames"))
        fileBytes = try values.decode(Int.self, forKey: NamedKey("fileBytes"))
        truncated = try values.decode(Bool.self, forKey: NamedKey("truncated"))
        framesHash = try values.decode(String.self, forKey: NamedKey("framesHash"))
        displayFramesHash = try values.decodeIfPresent(String.self, forKey: NamedKey("displayFramesHash"))
        gifBytesHash = try values.decodeIfPresent(String.self, forKey: NamedKey("gifBytesHash"))
        for measure in Measure.allCases where measure.isStored {
            if let value = try Self.decode(measure, from: values) { measurements[measure] = value }
        }
        samplerSamples = try values.decode(Int.self, forKey: NamedKey("samplerSamples"))
        timeline = try values.decodeIfPresent(MemoryTimeline.self, forKey: NamedKey("timeline"))
        // The child and the row journal write it as is; a report's snake-case decoding presents it as `frameCosts`.
        frameCosts = try values.decodeIfPresent(FrameCostTrace.self, forKey: NamedKey("frame_costs"))
            ?? values.decodeIfPresent(FrameCostTrace.self, forKey: NamedKey("frameCosts"))
    }

    /// A measure's value under its column name, as the child and the row journal write it verbatim or as a report's
    /// snake-case decoding presents it (`cpu_user_s` → `cpuUserS`), or under schema 1's key; a row holding one measure
    /// under two names is refused, since which one counts would be a guess.
    private static func decode(_ measure: Measure, from values: KeyedDecodingContainer<NamedKey>) throws -> Double? {
        var names: [String] = []
        for name in [measure.column, camelCase(measure.column), measure.firstSchemaKey] where !names.contains(name) { names.append(name) }
        let found = try names.compactMap { name in try values.decodeIfPresent(Double.self, forKey: NamedKey(name)).map { (name, $0) } }
        if found.count > 1 {
            throw DecodingError.dataCorrupted(.init(codingPath: values.codingPath,
                                                    debugDescription: "\(measure.column) is in one row twice, "
                                                                      + "under two names"))
        }
        return found.first?.1
    }

    /// `cpu_user_s` → `cpuUserS`, as Foundation's `convertFromSnakeCase` presents a key.
    private static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "_")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }
}
