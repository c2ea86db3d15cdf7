import CaseModel
import MemoryProbe

/// Per-pass times by the rule of the reference harnesses in `../shared/wuffs` (`bench_common.h`), so that a figure of
/// this project and one of Wuffs are read with one clock and one statistic: a warm-up pass whose CPU time sets the
/// sample size P (passes enough for `sampleSeconds`, 1 to 100,000); samples until there are `minimumSamples` and
/// `minimumSeconds` of process CPU time (at most 500); each sample timed on the monotonic and the process-CPU clocks;
/// per clock, the best and the median of the per-pass times.
struct PassTiming: Sendable {
    var bestSeconds: Double
    var medianSeconds: Double
    var cpuBestSeconds: Double
    var cpuMedianSeconds: Double
    var passesPerSample: Int
    var samples: Int

    /// The most samples a measurement takes, however short its passes.
    static let maximumSamples = 500

    static func measure(minimumSeconds: Double = 0.3, minimumSamples: Int = 5, sampleSeconds: Double = 0.002,
                        _ pass: () throws -> Void) rethrows -> PassTiming {
        let first = CPUTimes.now().process
        try pass()
        let passes = passesPerSample(onePass: CPUTimes.now().process - first, sampleSeconds: sampleSeconds)
        var wall: [Double] = [], cpu: [Double] = []
        let start = CPUTimes.now().process
        while wall.count < maximumSamples && (wall.count < minimumSamples || CPUTimes.now().process - start < minimumSeconds) {
            let begin = CPUTimes.now()
            for _ in 0..<passes { try pass() }
            let spent = CPUTimes.now().since(begin)
            wall.append(spent.wall / Double(passes))
            cpu.append(spent.process / Double(passes))
        }
        return PassTiming(bestSeconds: wall.min() ?? 0, medianSeconds: Statistics.median(wall),
                          cpuBestSeconds: cpu.min() ?? 0, cpuMedianSeconds: Statistics.median(cpu),
                          passesPerSample: passes, samples: wall.count)
    }

    /// Passes in one sample: enough for `sampleSeconds` when one pass took `onePass`, 1 to 100,000.
    static func passesPerSample(onePass: Double, sampleSeconds: Double) -> Int {
        max(1, min(100_000, Int((sampleSeconds / max(onePass, 1e-9)).rounded(.up))))
    }
}
