/// The Hodges–Lehmann estimate of a shift from paired differences: the median of the Walsh averages, every
/// (dᵢ + dⱼ) / 2 with i ≤ j.
///
/// Why this and not the mean: a pass disturbed by a neighbour is an outlier in one pair, and a mean moves with it;
/// the median of Walsh averages does not (its breakdown point is 29%), yet on clean normal data it is 95% as
/// efficient as the mean, where the plain median is 64%.
public enum HodgesLehmann {
    /// The estimate, in the differences' unit; nil for no differences or any that is not finite.
    public static func shift(_ differences: [Double]) -> Double? {
        let n = differences.count
        guard n > 0, differences.allSatisfy(\.isFinite) else { return nil }
        var walsh: [Double] = []
        walsh.reserveCapacity(n * (n + 1) / 2)
        for i in 0..<n {
            for j in i..<n { walsh.append((differences[i] + differences[j]) / 2) }
        }
        walsh.sort()
        let m = walsh.count
        return m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2
    }
}
