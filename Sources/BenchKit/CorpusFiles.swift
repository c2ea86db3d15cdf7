import BenchCore
import Foundation
import GIFCodec
import GIFCorpus
import SystemFiles

/// Puts every input on disk for the child processes: user files as they are, synthetic GIFs encoded into the
/// run's private scratch directory.
public final class CorpusFiles: Sendable {
    /// Input name → file path.
    public let paths: [String: String]
    /// Input name → frame size and count, from indexing each file once.
    public let facts: [String: (frameBytes: Int, frameCount: Int)]
    /// Input name → seconds one loop plays at speed 1 (the sum of the effective delays).
    public let loopSeconds: [String: Double]

    public init(_ inputs: [GIFInput], scratch: PrivateDirectory, limits: DecodeLimits = .default) throws {
        var paths: [String: String] = [:]
        for input in inputs {
            switch input.source {
            case .file(let path):
                paths[input.name] = path
            case .synthetic(let spec):
                let path = scratch.path + "/" + spec.name + ".gif"
                try AtomicFile.write(SyntheticCorpus.gif(for: spec), to: path)
                paths[input.name] = path
            }
        }
        var facts: [String: (frameBytes: Int, frameCount: Int)] = [:], loopSeconds: [String: Double] = [:]
        for (name, path) in paths {
            if let container = try? GIFContainer(contentsOfFile: path, rules: InputFileRules(maxBytes: limits.maxFileBytes)) {
                facts[name] = (container.frameBytes, container.frameCount)
                loopSeconds[name] = container.frames.reduce(0) { $0 + $1.delay.effectiveSeconds }
            }
        }
        self.paths = paths
        self.facts = facts
        self.loopSeconds = loopSeconds
    }
}
