import Foundation

/// The kernel's view of this process's memory, from `/proc/self/status`.
public struct KernelMemory: Sendable, Hashable, Codable {
    /// Resident set size now (`VmRSS`), in bytes.
    public var residentBytes: Int
    /// Peak resident set size (`VmHWM`), in bytes.
    public var peakResidentBytes: Int

    /// Reads `VmRSS` and `VmHWM`.
    public static func current() throws(ProbeError) -> KernelMemory {
        let path = "/proc/self/status"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .procfs(path: path, reason: "cannot be read")
        }
        var rss: Int?, hwm: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = kilobytes(line) }
            if line.hasPrefix("VmHWM:") { hwm = kilobytes(line) }
        }
        guard let rss, let hwm else { throw .procfs(path: path, reason: "no VmRSS/VmHWM lines") }
        return KernelMemory(residentBytes: rss * 1024, peakResidentBytes: hwm * 1024)
    }

    /// Resets `VmHWM` to the current RSS (writes 5 to `/proc/self/clear_refs`), so a peak covers only what follows.
    public static func resetPeak() throws(ProbeError) {
        let path = "/proc/self/clear_refs"
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw .procfs(path: path, reason: "cannot be opened for writing")
        }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Array("5".utf8)) } catch {
            throw .procfs(path: path, reason: "write failed: \(error)")
        }
    }

    private static func kilobytes(_ line: Substring) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }
}
