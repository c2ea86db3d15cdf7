import BenchPlan
import BenchRunning
import BenchVerdicts
import Foundation
import Mutants

/// One axis: linear from 0 with ticks at 1, 2 or 5 × 10ⁿ steps; or, when the positive values span more than 10×,
/// logarithmic over whole decades (with 2 and 5 between when it spans fewer than three), so that 3 MiB and 300 MiB
/// both read. A log axis starts at most six decades below the largest value (a pool of 1 frame and one of 20,000 both
/// show); values below sit on its floor.
/// The rule an axis follows, named for the docs.
public enum ChartAxisRule {
    /// The spread, largest ÷ smallest positive value, past which an axis turns logarithmic.
    public static let logarithmicSpread = 10.0
}

struct Axis {
    let lower: Double
    let upper: Double
    let ticks: [Double]
    let isLog: Bool

    /// How far along the axis `value` lies, 0 to 1.
    func fraction(_ value: Double) -> Double {
        if isLog {
            let clamped = min(max(value, lower), upper)
            return (log10(clamped) - log10(lower)) / (log10(upper) - log10(lower))
        }
        return (value - lower) / (upper - lower)
    }

    init(_ values: [Double], mayBeLog: Bool = true) {
        let finite = values.filter(\.isFinite)
        let positive = finite.filter { $0 > 0 }
        if mayBeLog, !Mutant.chartAxisAlwaysLinear.isPlanted, let high = positive.max(), let lowest = positive.min(), finite.allSatisfy({ $0 >= 0 }), high / lowest > ChartAxisRule.logarithmicSpread {
            let top = pow(10, log10(high).rounded(.up))
            let bottom = max(pow(10, log10(lowest).rounded(.down)), top / 1e6)
            var ticks: [Double] = []
            var decade = bottom
            let fewDecades = top / bottom <= 100
            while decade <= top * 1.0001 {
                ticks.append(decade)
                if fewDecades && decade < top { ticks += [decade * 2, decade * 5] }
                decade *= 10
            }
            lower = bottom
            upper = top
            self.ticks = ticks
            isLog = true
            return
        }
        var low = min(0, finite.min() ?? 0), high = finite.max() ?? 1
        if high <= low { high = low + 1 }
        let rough = (high - low) / 5
        var exponent = 1.0
        while exponent * 10 <= rough { exponent *= 10 }
        while exponent > rough { exponent /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * exponent }.first { $0 >= rough } ?? exponent * 10
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        lower = low
        upper = high
        ticks = Array(stride(from: low, through: high + step / 2, by: step))
        isLog = false
    }
}
