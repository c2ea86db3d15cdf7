import BenchCore
import Foundation
import GIFCodec
import MemoryProbe

/// Facts about the machine and build that make a report's figures interpretable.
public struct RunMetadata: Sendable, Codable, Hashable {
    public var date: String
    public var gitCommit: String?
    public var swiftVersion: String
    public var giflibVersion: String
    public var jemallocVersion: String
    public var cpuModel: String
    public var cores: Int
    public var memoryBytes: UInt64
    public var operatingSystem: String
    public var buildConfiguration: String
    /// The command line that produced the report.
    public var command: String
    /// What identifies the host, for deciding whether absolute times may be gated; absent in older reports.
    public var host: HostIdentity?
    /// What the run's instruction counts depend on, when it counted them (`--instructions`).
    public var instructionContext: InstructionContext?
    /// Which part of a sharded suite this run played (`--shard i/n`); absent for a whole suite.
    public var shard: ShardRecord?
    /// What the parent process itself cost, read when the run ends; absent in older reports.
    public var parent: ParentCost?

    /// Collects the facts of this machine and process now.
    public static func current(command: String) -> RunMetadata {
        RunMetadata(
            date: ISO8601DateFormatter().string(from: Date()),
            gitCommit: gitCommit(),
            swiftVersion: swiftVersion,
            giflibVersion: GIFCodecInfo.giflibVersion,
            jemallocVersion: (try? Jemalloc.version()) ?? "unavailable",
            cpuModel: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            operatingSystem: operatingSystem(),
            buildConfiguration: BuildConfiguration.isDebug ? "debug" : "release",
            command: command,
            host: .current())
    }

    static var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    static func cpuModel() -> String { cpuinfoField(["model name"]) ?? "unknown" }

    /// The value of the first `/proc/cpuinfo` line whose key starts with one of `keys`, trimmed.
    static func cpuinfoField(_ keys: [String]) -> String? {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { line in keys.contains { line.hasPrefix($0) } }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func operatingSystem() -> String {
        let text = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
        let name = line.map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        return [name ?? "Linux", ProcessInfo.processInfo.operatingSystemVersionString].joined(separator: ", ")
    }

    static func gitCommit() -> String? {
        guard let outcome = try? ChildProcess.run("/usr/bin/env", ["git", "rev-parse", "--short=12", "HEAD"], timeout: 5),
              outcome.exitStatus == 0 else { return nil }
        let text = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// Whether this binary was built without optimisation.
public enum BuildConfiguration {
    public static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Warns on stderr, in a debug build, that figures from `command` are not representative.
    public static func warnIfDebug(command: String) {
        guard isDebug else { return }
        Console.note("warning: this is a debug build; its figures are not representative. Build for release: swift run -c release \(command)")
    }
}
