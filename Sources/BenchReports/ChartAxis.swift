import BenchPlan
import BenchRunning
import Foundation

/// One axis: linear from 0 with ticks at 1, 2 or 5 × 10ⁿ steps; or, when the positive values span more than 10×,
/// logarithmic between the nearest 1, 2 or 5 × 10ⁿ outside the values, a tick at each decade (and at 2 and 5 between
/// when it spans fewer than three), so that 3 MiB and 300 MiB both read and no decade sits empty. A log axis starts
/// at most six decades below the largest value (a pool of 1 frame and one of 20,000 both show); values below sit on
/// its floor.
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
        if mayBeLog, let high = positive.max(), let lowest = positive.min(), finite.allSatisfy({ $0 >= 0 }), high / lowest > ChartAxisRule.logarithmicSpread {
            // The ends sit on the nearest 1, 2 or 5 × 10ⁿ outside the values, not on whole decades: a value of 0.9
            // would otherwise leave the bottom decade, 0.1 to 0.9, empty.
            let top = Self.niceStep(atLeast: high)
            let bottom = max(Self.niceStep(atMost: lowest), top / 1e6)
            var ticks: [Double] = [bottom]
            let fewDecades = top / bottom <= 100
            var decade = pow(10, log10(bottom).rounded(.down))
            while decade <= top * 1.0001 {
                for tick in fewDecades ? [decade, decade * 2, decade * 5] : [decade] where tick > bottom * 1.0001 && tick < top * 0.9999 {
                    ticks.append(tick)
                }
                decade *= 10
            }
            ticks.append(top)
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

    /// The smallest 1, 2 or 5 × 10ⁿ at or above `value` (positive).
    static func niceStep(atLeast value: Double) -> Double {
        let decade = pow(10, log10(value).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * decade }.first { $0 >= value * 0.9999 } ?? decade * 10
    }

    /// The largest 1, 2 or 5 × 10ⁿ at or below `value` (positive).
    static func niceStep(atMost value: Double) -> Double {
        let decade = pow(10, log10(value).rounded(.down))
        return [5.0, 2, 1].map { $0 * decade }.first { $0 <= value * 1.0001 } ?? decade
    }

    /// The ticks' labels, each with as many decimals as the axis needs: a linear axis gives every tick its step's
    /// decimals (0.8 beside 1.0, not 0.80 beside 1); a log axis gives each tick its own (0.1, 1, 10).
    var tickLabels: [String] {
        func decimals(_ value: Double) -> Int {
            (0...4).first { digits in
                let scale = pow(10, Double(digits))
                return abs((value * scale).rounded() - value * scale) < 1e-6 * max(1, abs(value * scale))
            } ?? 4
        }
        if isLog { return ticks.map { Format.fixed($0, digits: decimals($0)) } }
        let digits = ticks.map(decimals).max() ?? 0
        return ticks.map { Format.fixed($0, digits: digits) }
    }
}
