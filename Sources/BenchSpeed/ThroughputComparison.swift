import CaseModel
import MemoryProbe

/// Several ways of doing the same work timed in alternation, one sample of each per round, so that a slow spell of a
/// shared machine slows every contender alike and their ratio is read from samples taken side by side.
struct ThroughputComparison: Sendable {
    let throughputs: [Throughput]
    /// Per contender, its rate in each round (megapixels per second).
    private let rounds: [[Double]]

    /// The median over rounds of contender `a`'s rate ÷ contender `b`'s in the same round.
    func ratio(_ a: Int, to b: Int) -> Double {
        Statistics.median(zip(rounds[a], rounds[b]).map { $0 / $1 })
    }

    /// Times `work(i)` for each label `i` (each pass does `pixelsPerRun` pixels of work) in rounds of one sample each,
    /// a sample being as many passes as take `sampleSeconds`; stops after `minimumSamples` rounds once every contender
    /// has run `minimumSeconds`.
    static func measure(_ labels: [String], pixelsPerRun: Int, minimumSamples: Int = 3, minimumSeconds: Double = 0.5,
                        sampleSeconds: Double = 0.002, _ work: (Int) throws -> Void) rethrows -> ThroughputComparison {
        var passes: [Int] = []
        for contender in labels.indices {
            let first = CPUTimes.monotonic()
            try work(contender)
            passes.append(PassTiming.passesPerSample(onePass: CPUTimes.monotonic() - first,
                                                     sampleSeconds: sampleSeconds))
        }
        var rounds = [[Double]](repeating: [], count: labels.count)
        let start = CPUTimes.monotonic()
        while rounds[0].count < minimumSamples || CPUTimes.monotonic() - start < minimumSeconds * Double(labels.count) {
            for contender in labels.indices {
                let begin = CPUTimes.monotonic()
                for _ in 0..<passes[contender] { try work(contender) }
                let seconds = max(CPUTimes.monotonic() - begin, 1e-9)
                rounds[contender].append(Double(pixelsPerRun * passes[contender]) / seconds / 1e6)
            }
            if rounds[0].count >= PassTiming.maximumSamples { break }
        }
        let throughputs = labels.indices.map {
            Throughput(label: labels[$0], megapixelsPerSecond: Statistics.median(rounds[$0]),
                       runs: rounds[$0].count * passes[$0])
        }
        return ThroughputComparison(throughputs: throughputs, rounds: rounds)
    }
}
