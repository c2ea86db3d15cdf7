import BenchRunning
import Foundation

/// Quantiles of Student's t distribution, for intervals on the mean of a few paired rounds.
enum StudentT {
    /// The two-sided critical value t such that P(|T| ≤ t) = `confidence` with `degrees` degrees of freedom, for
    /// confidence 0.90, 0.95 or 0.99 (others round up to the next of these). Exact to three decimals from tables for
    /// 1 to 30 degrees, then the normal value corrected by the first two terms of the Cornish–Fisher expansion.
    static func critical(confidence: Double, degrees: Int) -> Double {
        let (table, z): ([Double], Double) = confidence <= 0.90 ? (ninety, 1.6449) : confidence <= 0.95 ? (ninetyFive, 1.9600) : (ninetyNine, 2.5758)
        guard degrees >= 1 else { return .infinity }
        if degrees <= table.count { return table[degrees - 1] }
        let n = Double(degrees)
        return z + (z * z * z + z) / (4 * n) + (5 * z * z * z * z * z + 16 * z * z * z + 3 * z) / (96 * n * n)
    }

    private static let ninety: [Double] = [6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812, 1.796,
                                           1.782, 1.771, 1.761, 1.753, 1.746, 1.740, 1.734, 1.729, 1.725, 1.721, 1.717,
                                           1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697]
    private static let ninetyFive: [Double] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                               2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                               2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
    private static let ninetyNine: [Double] = [63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169,
                                               3.106, 3.055, 3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845,
                                               2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.750]
}

/// The geometric mean of paired ratios (candidate ÷ base, one per round), from their logarithms, and a t interval on
/// it, as relative changes.
public struct PairedChange: Sendable, Hashable {
    /// Rounds with both sides measured.
    public var rounds: Int
    /// exp(mean of log ratios) − 1.
    public var change: Double
    public var interval: ConfidenceInterval

    /// nil with fewer than two log ratios, or any that is not finite.
    public init?(logRatios logs: [Double], confidence: Double) {
        guard logs.count >= 2, logs.allSatisfy(\.isFinite) else { return nil }
        let n = Double(logs.count)
        let mean = logs.reduce(0, +) / n
        let variance = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = StudentT.critical(confidence: confidence, degrees: logs.count - 1) * (variance / n).squareRoot()
        rounds = logs.count
        change = Foundation.exp(mean) - 1
        interval = ConfidenceInterval(lower: Foundation.exp(mean - half) - 1, upper: Foundation.exp(mean + half) - 1)
    }
}
