import MemoryProbe
import BenchCore

/// A suite: GIFs × decoders × repetitions, played the same way. Expands into one ``BenchCase`` per child run.
public struct Suite: Sendable {
    public var inputs: [GIFInput]
    public var decoders: [DecoderChoice]
    public var loops: Int
    public var repetitions: Int
    public var mode: PlaybackMode
    public var samplerInterval: Double

    /// The default suite: the synthetic corpus, eager and windowed at `defaultWindow`, 3 loops, 3 repetitions.
    public static let defaultWindow = 4

    public init(inputs: [GIFInput], decoders: [DecoderChoice] = [.eager, .windowed(window: Suite.defaultWindow)],
                loops: Int = 3, repetitions: Int = 3, mode: PlaybackMode = .throughput, samplerInterval: Double = MemorySampler.defaultInterval) {
        self.inputs = inputs
        self.decoders = decoders
        self.loops = loops
        self.repetitions = repetitions
        self.mode = mode
        self.samplerInterval = samplerInterval
    }

    /// Cases in run order: repetition-major, so a slow drift of the machine spreads over every GIF and decoder.
    public func cases(paths: [String: String]) -> [BenchCase] {
        var cases: [BenchCase] = []
        for repetition in 1...repetitions {
            for input in inputs {
                for decoder in decoders {
                    cases.append(BenchCase(gif: input.name, path: paths[input.name] ?? "", decoder: decoder, loops: loops,
                                           mode: mode, repetition: repetition, samplerInterval: samplerInterval))
                }
            }
        }
        return cases
    }
}
