import BuildProvenance
import CaseModel
import BenchPlan
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
    /// The `bench run` command that played the rows, when the report was put together from others (`bench merge`:
    /// the shards' command without `--shard` and `--out`); nil when `command` played them.
    public var playedBy: String?
    /// What the run set out to play, so a report missing a case or a repetition is known to be incomplete; absent in
    /// older reports.
    public var plan: RunPlan?
    /// What the run's instruction counts depend on, when it counted them (`--instructions`).
    public var instructionContext: InstructionContext?
    /// Which part of a sharded suite this run played (`--shard i/n`); absent for a whole suite.
    public var shard: ShardRecord?
    /// What the parent process itself cost, read when the run ends; absent in older reports.
    public var parent: ParentCost?
    /// What the rest of the host did while the run played.
    public var hostActivity: HostActivity?

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
            command: command)
    }

    public static var swiftVersion: String {
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
        // The distribution, then the kernel's release (ProcessInfo's version string repeats the distribution on Linux).
        let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease",
                                  encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return [name ?? "Linux", kernel.map { "Linux \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// The commit bench was built from (``BuildProvenance/sourceCommit``), with `-dirty` for a build of uncommitted
    /// changes: a paired gate builds the baseline's commit, which is only the baseline's code when the build was clean.
    /// Recorded at build time: bench runs no git in the folder it is started from, whose config could name commands.
    public static func gitCommit() -> String? { BuildProvenance.sourceCommit }

    /// What ``gitCommit()`` appends for a build of uncommitted changes.
    public static let dirtySuffix = BuildProvenance.dirtySuffix
}

/// What a run planned: each case's repetitions, and how many cases.
public struct RunPlan: Sendable, Codable, Hashable {
    /// Distinct cases (GIF × setting), each played `repetitions` times.
    public var cases: Int
    public var repetitions: Int

    public init(cases: Int, repetitions: Int) {
        self.cases = cases
        self.repetitions = repetitions
    }
}

extension RunReport {
    /// How the rows fall short of the report's own plan, one line each: a case with fewer (or more) repetitions than
    /// planned, or fewer cases. Empty when the report records no plan or matches it.
    public func planShortfalls() -> [String] {
        guard let plan = metadata.plan else { return [] }
        var rows: [CaseIdentity: Int] = [:], played: Set<CaseIdentity> = [], order: [CaseIdentity] = []
        for result in results {
            let key = result.benchCase.identity
            if rows[key] == nil { order.append(key) }
            rows[key, default: 0] += 1
            if result.failure == nil { played.insert(key) }
        }
        // A case none of whose rows played is reported as failed (a file that could not be read has one row).
        var shortfalls = order.filter(played.contains).compactMap { key -> String? in
            let count = rows[key] ?? 0
            return count == plan.repetitions ? nil : "\(key.gif) · \(key.setting): \(count) of "
                                                     + "\(plan.repetitions) repetitions"
        }
        if order.count < plan.cases { shortfalls.append("\(order.count) of \(plan.cases) planned cases") }
        return shortfalls
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
        Console.note("warning: this is a debug build; its figures are not representative. Build for release: swift run "
                     + "-c release \(command)")
    }
}

extension RunMetadata {
    /// The words of a recorded `command`, each of `flags` dropped with its value (`--out DIR` or `--out=DIR`): the
    /// command to suggest again with other flags.
    public static func words(of command: String, dropping flags: Set<String>) -> [String] {
        var words = command.split(separator: " ").map(String.init), index = 0
        while index < words.count {
            let flag = String(words[index].prefix { $0 != "=" })
            if flags.contains(words[index]), index + 1 < words.count {
                words.removeSubrange(index...(index + 1))
            } else if flags.contains(flag), words[index].contains("=") {
                words.remove(at: index)
            } else {
                index += 1
            }
        }
        return words
    }
}
