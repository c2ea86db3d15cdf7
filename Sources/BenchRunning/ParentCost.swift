import MemoryProbe
#if canImport(Glibc)
import Glibc
#endif

/// What the `bench` process itself cost a run — its own CPU and peak resident memory, children excluded — so the
/// harness's overhead can be checked to stay flat as a corpus grows.
public struct ParentCost: Sendable, Codable, Hashable {
    /// User and system CPU seconds of this process (`getrusage(RUSAGE_SELF)`).
    public var cpuSeconds: Double
    /// This process's peak resident set (`VmHWM`), in bytes.
    public var peakResidentBytes: Int
    /// The cases the run played.
    public var cases: Int

    /// This process now.
    public static func now(cases: Int) -> ParentCost {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return ParentCost(cpuSeconds: cpu, peakResidentBytes: (try? KernelMemory.current().peakResidentBytes) ?? 0,
                          cases: cases)
    }
}
