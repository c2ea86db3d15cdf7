import CPosix
import MemoryProbe

/// Restricts this process to a few CPUs, so background decoding competes with playback as on a small device.
public enum CPUAffinity {
    /// Pins the calling thread, and every thread it starts afterwards, to the first `count` CPUs it may use.
    public static func pin(toFirst count: Int) throws(ProbeError) {
        let result = cposix_pin_current_thread_to_first_cpus(Int32(count))
        guard result == 0 else { throw .procfs(path: "sched_setaffinity", reason: "cannot pin to \(count) CPU(s) "
                                                                                  + "(error \(result))") }
    }
}
