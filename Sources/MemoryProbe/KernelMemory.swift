#if canImport(Glibc)
import Glibc
#endif

/// The kernel's view of this process's memory, from `/proc/self/status`.
public struct KernelMemory: Sendable, Hashable, Codable {
    /// Resident set size now (`VmRSS`), in bytes.
    public var residentBytes: Int
    /// Peak resident set size (`VmHWM`), in bytes.
    public var peakResidentBytes: Int

    /// Reads `VmRSS` and `VmHWM`.
    public static func current() throws(ProbeError) -> KernelMemory {
        let path = "/proc/self/status"
        let text = try ProcFile.read(path)
        guard let rss = ProcFile.kilobytes("VmRSS", in: text), let hwm = ProcFile.kilobytes("VmHWM", in: text) else { throw .procfs(path: path, reason: "no VmRSS/VmHWM lines") }
        return KernelMemory(residentBytes: rss * 1024, peakResidentBytes: hwm * 1024)
    }

    /// Resets `VmHWM` to the current RSS (writes 5 to `/proc/self/clear_refs`), so a peak covers only what follows.
    public static func resetPeak() throws(ProbeError) {
        try ProcFile.write("5", to: "/proc/self/clear_refs")
    }
}

/// Whole-file reads and writes of small `/proc` files with plain system calls, and the `Key:  value kB` lines
/// `/proc/self/status` and `/proc/meminfo` hold.
public enum ProcFile {
    public static func read(_ path: String) throws(ProbeError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .procfs(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { throw .procfs(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number after `key:` on its line of `text` (kilobytes in both files), or nil.
    public static func kilobytes(_ key: String, in text: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(key + ":") }?
            .split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }

    static func write(_ text: String, to path: String) throws(ProbeError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .procfs(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.utf8.count else { throw .procfs(path: path, reason: "write failed: \(String(cString: strerror(errno)))") }
    }
}
