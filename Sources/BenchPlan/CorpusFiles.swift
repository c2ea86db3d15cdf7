import FrameDecoders
import Foundation
import GIFCodec
import GIFCorpus
import Synchronization
import SystemFiles
import WebPCodec

/// What the parent needs to know of a GIF to plan its cases: its frames' size and count, and a loop's length.
public struct GIFFacts: Sendable {
    public var frameBytes: Int
    public var frameCount: Int
    /// Seconds one loop plays at speed 1 (the sum of the effective delays).
    public var loopSeconds: Double
    /// Seconds the last frame shows at speed 1 (its effective delay): a loop's last display tick comes that long
    /// before its end.
    public var lastFrameSeconds: Double
    /// The hash of the file's bytes when the run read it first: the bytes every case must play
    /// (``CaseRunner/pinnedBytes``).
    public var bytesHash: String
    /// GIF or WebP: which players can play it.
    public var format: AnimationFormat

    public init(_ container: any AnimationContainer) {
        frameBytes = container.frameBytes
        frameCount = container.frameCount
        let delays = container.delays
        loopSeconds = delays.reduce(0) { $0 + $1.effectiveSeconds }
        lastFrameSeconds = delays.last?.effectiveSeconds ?? 0
        bytesHash = FrameHash(of: container.bytes.buffer).description
        format = container.format
    }
}

/// Puts every input on disk for the child processes: user files as they are, synthetic GIFs encoded into the
/// run's private scratch directory. Each GIF is indexed once: a user file already was, when its input was checked
/// (``GIFInput/facts``); a synthetic one is indexed from the bytes just encoded.
public final class CorpusFiles: Sendable {
    /// Input name → file path.
    public let paths: [String: String]
    /// Input name → frame size and count, from indexing each file once.
    public let facts: [String: (frameBytes: Int, frameCount: Int)]
    /// Input name → its facts (a loop's length and its last frame's delay among them).
    public let gifFacts: [String: GIFFacts]

    /// Input name → the hash of its bytes when the run first read them.
    public var bytesHashes: [String: String] { gifFacts.mapValues(\.bytesHash) }

    public init(_ inputs: [GIFInput], scratch: PrivateDirectory, limits: DecodeLimits = .default) throws {
        var paths: [String: String] = [:]
        var facts: [String: (frameBytes: Int, frameCount: Int)] = [:], gifFacts: [String: GIFFacts] = [:]
        let encoded = try Self.encode(inputs.compactMap { input in
            switch input.source {
            case .synthetic(let spec): (input.name, spec, nil)
            case .syntheticWebP(let spec, let compression): (input.name, spec, compression)
            case .file: nil
            }
        })
        for input in inputs {
            var known = input.facts
            switch input.source {
            case .file(let path):
                paths[input.name] = path
                if known == nil, let container = try? AnimationFile.open(contentsOfFile: path,
                                                                         rules: InputFileRules(maxBytes: limits.maxFileBytes),
                                                                          limits: limits) {
                    known = GIFFacts(container)
                }
            case .synthetic, .syntheticWebP:
                guard let bytes = encoded[input.name] else { continue }
                let path = scratch.path + "/" + input.name + (input.name.hasSuffix(".webp") ? "" : ".gif")
                try AtomicFile.write(bytes, to: path)
                paths[input.name] = path
                known = try? GIFFacts(AnimationFile.open(GIFBytes(bytes), limits: limits))
            }
            if let known {
                facts[input.name] = (known.frameBytes, known.frameCount)
                gifFacts[input.name] = known
            }
        }
        self.paths = paths
        self.facts = facts
        self.gifFacts = gifFacts
    }

    /// The synthetic GIFs and WebP twins, by input name, encoded on every CPU at once (each is independent): the
    /// largest takes most of a second.
    private static func encode(_ specs: [(name: String, spec: SyntheticSpec,
                                          webp: WebPCompression?)]) throws -> [String: [UInt8]] {
        let results = Mutex<[Result<[UInt8], GIFError>?]>(Array(repeating: nil, count: specs.count))
        DispatchQueue.concurrentPerform(iterations: specs.count) { index in
            let result = Result { () throws(GIFError) -> [UInt8] in
                let gif = try SyntheticCorpus.gif(for: specs[index].spec)
                return try specs[index].webp.map { compression throws(GIFError) in try WebPTwin.of(gif: gif, compression: compression) } ?? gif
            }
            results.withLock { $0[index] = result }
        }
        var encoded: [String: [UInt8]] = [:]
        for (spec, result) in zip(specs, results.withLock { $0 }) {
            if let result { encoded[spec.name] = try result.get() }
        }
        return encoded
    }
}
