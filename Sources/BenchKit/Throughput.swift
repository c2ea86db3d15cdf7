import BenchCore
import MemoryProbe

/// Decode-and-composite throughput: composited canvas pixels per second of wall time.
public struct Throughput: Sendable {
    public let label: String
    /// Median over the runs, in megapixels per second.
    public let megapixelsPerSecond: Double
    public let runs: Int

    /// Runs `work` (which composites `pixelsPerRun` canvas pixels) at least `minimumRuns` times and for at least
    /// `minimumSeconds`, and keeps the median rate.
    public static func measure(_ label: String, pixelsPerRun: Int, minimumRuns: Int = 3, minimumSeconds: Double = 0.5,
                               _ work: () throws -> Void) rethrows -> Throughput {
        var rates: [Double] = []
        let start = CPUTimes.monotonic()
        while rates.count < minimumRuns || CPUTimes.monotonic() - start < minimumSeconds {
            let begin = CPUTimes.monotonic()
            try work()
            let seconds = max(CPUTimes.monotonic() - begin, 1e-9)
            rates.append(Double(pixelsPerRun) / seconds / 1e6)
            if rates.count >= 200 { break }
        }
        return Throughput(label: label, megapixelsPerSecond: Statistics.median(rates), runs: rates.count)
    }
}
