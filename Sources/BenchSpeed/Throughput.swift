
/// Decode-and-composite throughput: composited canvas pixels per second of wall time.
struct Throughput: Sendable {
    let label: String
    /// Median over the runs, in megapixels per second.
    let megapixelsPerSecond: Double
    /// Passes of the work timed, over every sample.
    let runs: Int

    /// Runs `work` (which composites `pixelsPerRun` canvas pixels) in samples of at least `sampleSeconds` each (a
    /// sample repeats `work` as often as that takes, so a GIF decoded in microseconds is not timed by a clock read
    /// around each pass), for at least `minimumSamples` samples and `minimumSeconds`, and keeps the median rate.
    static func measure(_ label: String, pixelsPerRun: Int, minimumSamples: Int = 3, minimumSeconds: Double = 0.5,
                        sampleSeconds: Double = 0.002, _ work: () throws -> Void) rethrows -> Throughput {
        try ThroughputComparison.measure([label], pixelsPerRun: pixelsPerRun, minimumSamples: minimumSamples,
                                         minimumSeconds: minimumSeconds,
                                         sampleSeconds: sampleSeconds) { _ in try work() }
            .throughputs[0]
    }
}
