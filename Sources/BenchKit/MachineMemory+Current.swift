import Foundation

extension MachineMemory {
    /// `MemTotal` and `MemAvailable` from `/proc/meminfo` (physical memory from the process info when unreadable).
    public static func current() -> MachineMemory {
        let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        func kilobytes(_ key: String) -> UInt64? {
            text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
                .flatMap { UInt64($0) }
        }
        let physical = kilobytes("MemTotal").map { $0 * 1024 } ?? ProcessInfo.processInfo.physicalMemory
        return MachineMemory(physicalBytes: physical, availableBytes: kilobytes("MemAvailable").map { $0 * 1024 } ?? physical)
    }
}
