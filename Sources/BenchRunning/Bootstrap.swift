import CaseModel

/// A 95% bootstrap confidence interval.
public struct ConfidenceInterval: Sendable, Codable, Hashable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

extension Statistics {
    /// Percentile bootstrap of the median: `resamples` resamples with replacement from a fixed seed, so the same
    /// values always give the same interval. Fewer than two values give a zero-width interval.
    public static func bootstrapMedianInterval(_ values: [Double], resamples: Int = 2000,
                                               confidence: Double = 0.95) -> ConfidenceInterval {
        guard values.count >= 2 else {
            let value = values.first ?? 0
            return ConfidenceInterval(lower: value, upper: value)
        }
        var generator = SplitMix64(seed: 0x5EED)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var sample = [Double](repeating: 0, count: values.count)
        for _ in 0..<resamples {
            for index in sample.indices { sample[index] = values[Int(generator.next() % UInt64(values.count))] }
            medians.append(median(sample))
        }
        let tail = (1 - confidence) / 2
        return ConfidenceInterval(lower: percentile(medians, tail), upper: percentile(medians, 1 - tail))
    }
}

/// A small, fast, seedable generator (SplitMix64), for reproducible resampling.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Statistics {
    /// Percentile bootstrap of the relative change of the median, median(current) ÷ median(baseline) − 1:
    /// both samples resampled with replacement, from a fixed seed.
    public static func bootstrapRelativeChange(baseline: [Double], current: [Double], resamples: Int = 2000,
                                               confidence: Double = 0.95) -> ConfidenceInterval {
        guard !baseline.isEmpty, !current.isEmpty else { return ConfidenceInterval(lower: 0, upper: 0) }
        var generator = SplitMix64(seed: 0xC0FFEE)
        var changes: [Double] = []
        changes.reserveCapacity(resamples)
        var base = [Double](repeating: 0, count: baseline.count), now = [Double](repeating: 0, count: current.count)
        for _ in 0..<resamples {
            for index in base.indices { base[index] = baseline[Int(generator.next() % UInt64(baseline.count))] }
            for index in now.indices { now[index] = current[Int(generator.next() % UInt64(current.count))] }
            let denominator = median(base)
            changes.append(denominator == 0 ? 0 : median(now) / denominator - 1)
        }
        let tail = (1 - confidence) / 2
        return ConfidenceInterval(lower: percentile(changes, tail), upper: percentile(changes, 1 - tail))
    }
}
