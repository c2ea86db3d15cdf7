import BenchCore
import Foundation
import GIFCodec

/// Puts every input on disk for the child processes: user files as they are, synthetic GIFs encoded into a
/// temporary directory that is removed when this value is dropped.
public final class CorpusFiles: Sendable {
    /// Input name → file path.
    public let paths: [String: String]
    /// Input name → frame size and count, from indexing each file once.
    public let facts: [String: (frameBytes: Int, frameCount: Int)]
    private let temporaryDirectory: String?

    public init(_ inputs: [GIFInput]) throws {
        var paths: [String: String] = [:]
        var directory: String?
        for input in inputs {
            switch input.source {
            case .file(let path):
                paths[input.name] = path
            case .synthetic(let spec):
                if directory == nil {
                    let made = FileManager.default.temporaryDirectory.appendingPathComponent("gif-frame-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
                    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                    directory = made.path
                }
                let path = (directory! as NSString).appendingPathComponent(spec.name + ".gif")
                try Data(SyntheticCorpus.gif(for: spec)).write(to: URL(fileURLWithPath: path))
                paths[input.name] = path
            }
        }
        var facts: [String: (frameBytes: Int, frameCount: Int)] = [:]
        for (name, path) in paths {
            if let container = try? GIFContainer(contentsOfFile: path) { facts[name] = (container.frameBytes, container.frameCount) }
        }
        self.paths = paths
        self.facts = facts
        temporaryDirectory = directory
    }

    deinit {
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }
}
