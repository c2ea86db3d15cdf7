import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an instruction count depends on besides the code under test. Two counts are comparable, on any machine,
/// when these match: the same toolchain, libraries, Valgrind and build, and the CPU features that make glibc and
/// the Swift runtime pick one string and memory routine over another.
public struct InstructionContext: Sendable, Codable, Hashable {
    public var valgrindVersion: String
    public var swiftVersion: String
    public var glibcVersion: String
    public var giflibVersion: String
    public var jemallocVersion: String
    public var buildConfiguration: String
    /// The CPU flags, of those glibc's ifunc selectors look at, that this CPU has, sorted.
    public var cpuFeatures: [String]

    /// Flags that change which `memcpy`, `memset`, `strlen`… glibc runs (sysdeps/x86 cpu-features and ifunc-impl-list).
    static let selectorFlags: Set<String> = ["sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "avx512f", "avx512bw",
                                             "avx512vl", "avx512dq", "bmi1", "bmi2", "erms", "fsrm", "rtm", "lzcnt",
                                             "movbe", "popcnt", "evex", "asimd", "sve"]

    /// The context of this machine and build.
    public static func current(valgrindVersion: String, metadata: RunMetadata) -> InstructionContext {
        InstructionContext(valgrindVersion: valgrindVersion, swiftVersion: metadata.swiftVersion,
                           glibcVersion: glibcVersion(), giflibVersion: metadata.giflibVersion,
                           jemallocVersion: metadata.jemallocVersion, buildConfiguration: metadata.buildConfiguration,
                           cpuFeatures: cpuFeatures())
    }

    /// What differs between two contexts, by name; empty when counts are comparable.
    public func differences(from other: InstructionContext) -> [String] {
        var names: [String] = []
        if valgrindVersion != other.valgrindVersion { names.append("Valgrind \(other.valgrindVersion) → "
                                                                   + "\(valgrindVersion)") }
        if swiftVersion != other.swiftVersion { names.append("Swift \(other.swiftVersion) → \(swiftVersion)") }
        if glibcVersion != other.glibcVersion { names.append("glibc \(other.glibcVersion) → \(glibcVersion)") }
        if giflibVersion != other.giflibVersion { names.append("giflib \(other.giflibVersion) → \(giflibVersion)") }
        if jemallocVersion != other.jemallocVersion { names.append("jemalloc version") }
        if buildConfiguration != other.buildConfiguration { names.append("\(other.buildConfiguration) → "
                                                                         + "\(buildConfiguration) build") }
        if cpuFeatures != other.cpuFeatures {
            let gained = Set(cpuFeatures).subtracting(other.cpuFeatures).sorted(), lost = Set(other.cpuFeatures).subtracting(cpuFeatures).sorted()
            names.append("CPU features" + (gained.isEmpty ? "" : " +" + gained.joined(separator: " +"))
                         + (lost.isEmpty ? "" : " −" + lost.joined(separator: " −")))
        }
        return names
    }

    static func glibcVersion() -> String {
        #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return "none"
        #endif
    }

    static func cpuFeatures() -> [String] {
        let flags = RunMetadata.cpuinfoField(["flags", "Features"])?.split(separator: " ").map(String.init) ?? []
        return Set(flags).intersection(selectorFlags).sorted()
    }
}
