import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the rest of the host did while a run played: the CPU other processes used (the machine's busy time, from
/// `/proc/stat`, less this run's own, parent and children) and the time a hypervisor stole. A real-time figure
/// carries that noise; a replayed one, made of each thread's own CPU, carries little of it.
public struct HostActivity: Sendable, Codable, Hashable {
    public var wallSeconds: Double
    /// CPU seconds the host's other processes used over the run.
    public var othersSeconds: Double
    /// CPU seconds the hypervisor took from this machine's CPUs over the run.
    public var stealSeconds: Double
    public var cores: Int

    /// The host's counters at one moment.
    public struct Reading: Sendable {
        var busySeconds: Double
        var stealSeconds: Double
        var ownSeconds: Double
        var time: Double

        /// The machine's busy and stolen CPU seconds, this run's own, and the wall clock, all since boot or the epoch.
        public init(busySeconds: Double, stealSeconds: Double, ownSeconds: Double, time: Double) {
            self.busySeconds = busySeconds
            self.stealSeconds = stealSeconds
            self.ownSeconds = ownSeconds
            self.time = time
        }
    }

    /// Reads `/proc/stat`'s first line and this process's and its reaped children's CPU; nil off Linux.
    public static func read() -> Reading? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        // user, nice, system, idle, iowait, irq, softirq, steal: busy is all but idle, iowait and steal.
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]
        return Reading(busySeconds: busy / hertz, stealSeconds: ticks[7] / hertz, ownSeconds: ownCPU(),
                       time: Date().timeIntervalSince1970)
    }

    /// The activity between two readings on a host of `cores` CPUs.
    public init(from start: Reading, to end: Reading, cores: Int) {
        wallSeconds = max(0, end.time - start.time)
        othersSeconds = max(0, (end.busySeconds - start.busySeconds) - (end.ownSeconds - start.ownSeconds))
        stealSeconds = max(0, end.stealSeconds - start.stealSeconds)
        self.cores = cores
    }

    /// CPUs the other processes kept busy on average.
    public var othersCPUs: Double { wallSeconds > 0 ? othersSeconds / wallSeconds : 0 }
    /// The share of the machine's CPU time stolen.
    public var stealShare: Double { wallSeconds > 0 ? stealSeconds / (wallSeconds * Double(max(cores, 1))) : 0 }

    /// Other processes kept more than a quarter of a CPU busy on average, or a hypervisor stole more than 5%.
    public var isBusy: Bool { othersCPUs > 0.25 || stealShare > 0.05 }

    private static func ownCPU() -> Double {
        var total = 0.0
        for who in [RUSAGE_SELF, RUSAGE_CHILDREN] {
            var usage = rusage()
            getrusage(who.rawValue, &usage)
            total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return total
    }
}
