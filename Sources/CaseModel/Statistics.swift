/// Order statistics, for a case's per-frame timings (in the child) and for repetitions of one measurement.
public enum Statistics {
    /// The median; the mean of the two middle values for an even count; 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        percentile(values, 0.5)
    }

    /// The `fraction` quantile (0…1) with linear interpolation between order statistics; 0 for no values.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
