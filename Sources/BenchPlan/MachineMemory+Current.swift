import Foundation
import MemoryProbe

extension MachineMemory {
    /// `MemTotal` and `MemAvailable` from `/proc/meminfo` (physical memory from the process info when unreadable).
    public static func current() -> MachineMemory {
        let text = (try? ProcFile.read("/proc/meminfo")) ?? ""
        let physical = ProcFile.kilobytes("MemTotal", in: text).map { UInt64($0) * 1024 } ?? ProcessInfo.processInfo.physicalMemory
        return MachineMemory(physicalBytes: physical,
                             availableBytes: ProcFile.kilobytes("MemAvailable", in: text).map { UInt64($0) * 1024 } ?? physical)
    }
}
