import BenchKit
import Foundation
import Testing

/// The `bench` command line as a user meets it: help, bad usage, unreadable input.
@Suite("bench command line")
struct CommandLineTests {
    static func bench(_ arguments: [String]) throws -> ChildOutcome {
        let bench = try #require(ChildBinary.program("bench"), "bench was not built beside the tests")
        return try ChildProcess.run(bench, arguments, timeout: 60)
    }

    @Test("help exits 0 and documents every run flag")
    func help() throws {
        let outcome = try Self.bench(["run", "--help"])
        #expect(outcome.exitStatus == 0)
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        for flag in ["--gif", "--decoders", "--windows", "--policies", "--mode", "--speed", "--cpus", "--loops", "--repetitions",
                     "--quick", "--out", "--timeout", "--save-baseline", "--gate", "--thresholds", "--summary", "--max-pixels",
                     "--max-eager-bytes"] {
            #expect(text.contains(flag), "run --help does not mention \(flag)")
        }
        #expect(try Self.bench(["--help"]).exitStatus == 0)
    }

    @Test("bad usage and unreadable input: exit 2 with exactly one line on stderr", arguments: [
        ["run", "--bogus"], ["run", "--loops", "0"], ["run", "--windows", "two"], ["run", "--policies", "glide"],
        ["run", "--mode", "slow"], ["run", "--gif", "/nonexistent.gif"], ["inspect"], ["inspect", "/nonexistent.gif"],
        ["compare"], ["frobnicate"], ["run", "--summary", "x.md"],
    ])
    func badUsage(arguments: [String]) throws {
        let outcome = try Self.bench(arguments)
        let lines = String(decoding: outcome.standardError, as: UTF8.self).split(separator: "\n")
        #expect(outcome.exitStatus == 2, "\(arguments): exit \(outcome.exitStatus.map(String.init) ?? "signal")")
        #expect(lines.count == 1 && lines[0].hasPrefix("bench: error: "), "\(arguments): \(lines)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("-h works on every command, 'bench help COMMAND' shows that command's options, and --version names the build",
          arguments: ["run", "gate", "compare", "merge", "feed", "cache", "inspect", "corpus", "speed", "sampler-cost", "schema"])
    func conventions(command: String) throws {
        let short = try Self.bench([command, "-h"])
        #expect(short.exitStatus == 0, "\(command) -h: \(String(decoding: short.standardError, as: UTF8.self))")
        let usage = String(decoding: short.standardOutput, as: UTF8.self)
        #expect(usage.hasPrefix("Usage: bench \(command)"), "\(command) -h: \(usage.prefix(80))")
        let viaHelp = try Self.bench(["help", command])
        #expect(viaHelp.exitStatus == 0 && viaHelp.standardOutput == short.standardOutput, "bench help \(command)")
        let version = try Self.bench(["--version"])
        let text = String(decoding: version.standardOutput, as: UTF8.self)
        #expect(version.exitStatus == 0)
        #expect(text.hasPrefix("bench (GIF Frame Bench) ") && text.contains("commit: ") && text.contains("giflib ") && text.contains("jemalloc "), "\(text)")
    }

    @Test("--gif takes a built-in GIF's name; --filter plays only the cases whose name matches, and says so when none does")
    func builtInNamesAndFilter() throws {
        let out = HostilePathTests.path("filtered")
        let run = try Self.bench(["run", "--gif", "emoji-64x64x24", "--quick", "--repetitions", "1", "--filter", "WINDOWED", "--out", out])
        #expect(run.exitStatus == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        let report = try BaselineFile.load(out + "/results.json", role: "report")
        #expect(!report.results.isEmpty && report.results.allSatisfy { $0.benchCase.gif == "emoji-64x64x24" && $0.benchCase.decoder != .eager },
                "\(report.results.map(\.benchCase.identity.stableName))")
        for (arguments, text) in [(["--filter", "nonesuch"], "matches none of the"), (["--filter", "("], "is not a regular expression")] {
            let refused = try Self.bench(["run", "--gif", "emoji-64x64x24", "--quick", "--out", HostilePathTests.path("refused")] + arguments)
            let errors = String(decoding: refused.standardError, as: UTF8.self)
            #expect(refused.exitStatus == 2 && errors.contains(text) && errors.split(separator: "\n").count == 1, "\(errors)")
        }
        let unknown = try Self.bench(["run", "--gif", "nonesuch"])
        #expect(String(decoding: unknown.standardError, as: UTF8.self).contains("nor a built-in GIF (kingfisher-720x720x150"))
    }

    @Test("--quiet leaves stderr empty on success and still writes the results and errors")
    func quiet() throws {
        let run = try Self.bench(["run", "--gif", "emoji-64x64x24", "--quick", "--repetitions", "1", "--quiet", "--out", HostilePathTests.path("quiet")])
        #expect(run.exitStatus == 0)
        #expect(run.standardError.isEmpty, "\(String(decoding: run.standardError, as: UTF8.self))")
        #expect(String(decoding: run.standardOutput, as: UTF8.self).contains("# GIF Frame Bench report"))
        let refused = try Self.bench(["run", "--loops", "0", "--quiet"])
        #expect(refused.exitStatus == 2 && String(decoding: refused.standardError, as: UTF8.self).hasPrefix("bench: error: "))
    }

    @Test("a file that is not a GIF is named in the error")
    func notAGIF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-not-a-gif-\(UUID().uuidString).gif").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in [["inspect", path], ["run", "--gif", path]] {
            let outcome = try Self.bench(arguments)
            #expect(outcome.exitStatus == 2)
            #expect(String(decoding: outcome.standardError, as: UTF8.self) == "bench: error: \(path): not a GIF file (no GIF87a/GIF89a signature)\n")
        }
    }
}
