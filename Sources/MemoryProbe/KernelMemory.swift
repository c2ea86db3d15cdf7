#if canImport(Glibc)
import Glibc
#endif

/// The kernel's view of this process's memory, from `/proc/self/status`.
public struct KernelMemory: Sendable, Hashable, Codable {
    /// Resident set size now (`VmRSS`), in bytes.
    public var residentBytes: Int
    /// Peak resident set size (`VmHWM`), in bytes.
    public var peakResidentBytes: Int

    /// Reads `VmRSS` and `VmHWM` into a buffer on the stack: a reading allocates nothing, so one taken before a
    /// case's last allocator reading does not move its malloc count.
    public static func current() throws(ProbeError) -> KernelMemory {
        let path: StaticString = "/proc/self/status"
        var buffer = InlineArray<4096, UInt8>(repeating: 0)
        let (rss, hwm) = try withUnsafeMutableBytes(of: &buffer) { (bytes) throws(ProbeError) -> (Int?, Int?) in
            let text = try ProcFile.read(path, into: bytes)
            return (ProcFile.kilobytes("VmRSS:", in: text), ProcFile.kilobytes("VmHWM:", in: text))
        }
        guard let rss, let hwm else { throw .procfs(path: "\(path)", reason: "no VmRSS/VmHWM lines") }
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

    /// Reads up to `buffer.count` bytes of `path` into `buffer`; returns the part read.
    static func read(_ path: StaticString,
                     into buffer: UnsafeMutableRawBufferPointer) throws(ProbeError) -> UnsafeRawBufferPointer {
        let descriptor = path.withUTF8Buffer { name in open(UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .procfs(path: "\(path)", reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 { throw .procfs(path: "\(path)", reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        return UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
    }

    /// The number after `key` (which ends with its colon) at the start of a line of `text`, or nil; reads bytes only.
    static func kilobytes(_ key: StaticString, in text: UnsafeRawBufferPointer) -> Int? {
        let key = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var lineStart = 0
        while lineStart + key.count <= text.count {
            if text[lineStart..<(lineStart + key.count)].elementsEqual(key) {
                var index = lineStart + key.count, value = 0, digits = 0
                while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
                while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
                    value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                return digits > 0 ? value : nil
            }
            guard let newline = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lineStart = newline + 1
        }
        return nil
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
