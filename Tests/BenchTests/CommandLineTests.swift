import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// The `bench` command line as a user meets it: help, bad usage, unreadable input.
@Suite("bench command line")
struct CommandLineTests {
    @Test("help exits 0 and documents every run flag")
    func help() throws {
        let outcome = BenchProgram.inProcess(["run", "--help"])
        #expect(outcome.status == 0)
        let text = outcome.output
        for flag in ["--gif", "--decoders", "--windows", "--policies", "--mode", "--speed", "--cpus", "--loops", "--repetitions",
                     "--quick", "--out", "--timeout", "--save-baseline", "--gate", "--thresholds", "--summary", "--max-pixels",
                     "--max-eager-bytes"] {
            #expect(text.contains(flag), "run --help does not mention \(flag)")
        }
        #expect(BenchProgram.inProcess(["--help"]).status == 0)
    }

    @Test("bad usage and unreadable input: exit 2 with exactly one line on stderr", arguments: [
        ["run", "--bogus"], ["run", "--loops", "0"], ["run", "--windows", "two"], ["run", "--policies", "lottie"], ["run", "--policies", "kingfisher:prefetch=3"],
        ["run", "--mode", "slow"], ["run", "--gif", "/nonexistent.gif"], ["inspect"], ["inspect", "/nonexistent.gif"],
        ["compare"], ["frobnicate"], ["run", "--summary", "x.md"],
    ])
    func badUsage(arguments: [String]) throws {
        let outcome = BenchProgram.inProcess(arguments)
        let lines = outcome.errors.split(separator: "\n")
        #expect(outcome.status == 2, "\(arguments): exit \(outcome.status.map(String.init) ?? "signal")")
        #expect(lines.count == 1 && lines[0].hasPrefix("bench: error: "), "\(arguments): \(lines)")
        #expect(outcome.output.isEmpty)
    }

    @Test("-h works on every command, 'bench help COMMAND' shows that command's options, and --version names the build",
          arguments: ["run", "gate", "compare", "merge", "feed", "cache", "inspect", "corpus", "speed", "sampler-cost", "schema"])
    func conventions(command: String) throws {
        let short = BenchProgram.inProcess([command, "-h"])
        #expect(short.status == 0, "\(command) -h: \(short.errors)")
        let usage = short.output
        #expect(usage.hasPrefix("Usage: bench \(command)"), "\(command) -h: \(usage.prefix(80))")
        let viaHelp = BenchProgram.inProcess(["help", command])
        #expect(viaHelp.status == 0 && viaHelp.output == short.output, "bench help \(command)")
        // The synopsis (the lines before the first blank one) names every flag the option list documents, and the
        // help documents every flag the command's own source reads (test knobs and the child's protocol aside).
        let synopsis = usage.components(separatedBy: "\n\n")[0]
        let documented = usage.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard line.hasPrefix("  "), trimmed.hasPrefix("--") else { return nil }
            return "--" + String(trimmed.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        }
        #expect(!documented.isEmpty || ["merge", "schema", "corpus", "speed", "sampler-cost"].contains(command), "\(command): no option list")
        for flag in documented {
            #expect(synopsis.contains(flag), "\(command)'s synopsis leaves out \(flag)")
        }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").path
        let file = command.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Command.swift"
        let found = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix("/" + file) || $0 == file }
        #expect(found.count == 1, "\(file) in \(folder): \(found)")
        let code = try String(contentsOfFile: folder + "/" + (found.first ?? file), encoding: .utf8)
        let read = Set(code.matches(of: /arguments\.(?:flag|value|values|integer)\("(--[a-z0-9-]+)"/).map { String($0.1) })
        for flag in read.subtracting(["--help", "--slow-windowed", "--plant-leak", "--measure-one", "--name", "--cache-directory"]) {
            #expect(usage.contains(flag + " ") || usage.contains(flag + "\n") || usage.contains(flag + "]"), "\(command) reads \(flag) but its help does not say so")
        }
        let version = BenchProgram.inProcess(["--version"])
        let text = version.output
        #expect(version.status == 0)
        #expect(text.hasPrefix("bench (GIF Frame Bench) ") && text.contains("commit: ") && text.contains("giflib ") && text.contains("jemalloc "), "\(text)")
    }

    @Test("--gif takes a built-in GIF's name; --filter plays only the cases whose name matches, and says so when none does")
    func builtInNamesAndFilter() throws {
        let out = HostilePathTests.path("filtered")
        let run = BenchProgram.inProcess(["run", "--gif", "emoji-64x64x24", "--quick", "--repetitions", "1", "--filter", "WINDOWED", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BaselineFile.load(out + "/results.json", role: "report")
        #expect(!report.results.isEmpty && report.results.allSatisfy { $0.benchCase.gif == "emoji-64x64x24" && $0.benchCase.decoder != .eager },
                "\(report.results.map(\.benchCase.identity.stableName))")
        for (arguments, text) in [(["--filter", "nonesuch"], "matches none of the"), (["--filter", "("], "is not a regular expression")] {
            let refused = BenchProgram.inProcess(["run", "--gif", "emoji-64x64x24", "--quick", "--out", HostilePathTests.path("refused")] + arguments)
            let errors = refused.errors
            #expect(refused.status == 2 && errors.contains(text) && errors.split(separator: "\n").count == 1, "\(errors)")
        }
        let unknown = BenchProgram.inProcess(["run", "--gif", "nonesuch"])
        #expect(unknown.errors.contains("nor a built-in GIF (kingfisher-720x720x150"))
    }

    @Test("--quiet leaves stderr empty on success and still writes the results and errors")
    func quiet() throws {
        let run = BenchProgram.inProcess(["run", "--gif", "emoji-64x64x24", "--quick", "--repetitions", "1", "--quiet", "--out", HostilePathTests.path("quiet")])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.output.contains("# GIF Frame Bench report"))
        let refused = BenchProgram.inProcess(["run", "--loops", "0", "--quiet"])
        #expect(refused.status == 2 && refused.errors.hasPrefix("bench: error: "))
    }

    @Test("inspect --json gives the container facts as one JSON object; --json with --hashes is refused in one line")
    func inspectJSON() throws {
        let gif = HostilePathTests.gif
        let outcome = BenchProgram.inProcess(["inspect", gif, "--json"])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(object["frame_count"] as? Int == 24 && frames.count == 24, "\(object.keys.sorted())")
        #expect(object["width"] as? Int == 64 && object["height"] as? Int == 64 && object["file"] as? String == gif)
        #expect(frames.first?["delay_effective_ms"] is Int && frames.first?["disposal"] is String)
        #expect(object["format"] as? String == "gif")
        let both = BenchProgram.inProcess(["inspect", gif, "--json", "--hashes"])
        #expect(both.status == 2 && both.errors.contains("cannot be combined"))
    }

    @Test("inspect --json describes a WebP as it does a GIF, with format webp and each frame's rectangle, blending and coding (issue 51)")
    func inspectWebPJSON() throws {
        let webp = Fixtures.directory.appendingPathComponent("webp/pillow-lossy-alpha.webp").path
        let outcome = BenchProgram.inProcess(["inspect", webp, "--json"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(object["format"] as? String == "webp" && object["frame_count"] as? Int == 4 && frames.count == 4, "\(object.keys.sorted())")
        #expect(object["width"] as? Int == 36 && object["height"] as? Int == 28 && object["loop"] as? String == "forever")
        #expect(object["all_frames_bytes"] as? Int == 4 * 36 * 28 * 4 && object["loop_ms"] as? Int == 220)
        #expect(frames[2]["top"] as? Int == 2 && frames[2]["height"] as? Int == 26 && frames[2]["duration_ms"] as? Int == 80)
        #expect(frames.allSatisfy { $0["coding"] as? String == "lossy" && $0["blend"] as? Bool == false && $0["alpha"] as? Bool == true })
    }

    @Test("a file that is not a GIF is named in the error")
    func notAGIF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-not-a-gif-\(UUID().uuidString).gif").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // An --out of its own: the default folder's lock may be held by another test's run at that moment.
        for arguments in [["inspect", path], ["run", "--gif", path, "--out", HostilePathTests.path("not-a-gif")]] {
            let outcome = BenchProgram.inProcess(arguments)
            #expect(outcome.status == 2)
            #expect(outcome.errors == "bench: error: \(path): not a GIF file (no GIF87a/GIF89a signature)\n")
        }
    }

    @Test("inspect reads a WebP by its content, whatever its name; run refuses a damaged one and feed a WebP in one line")
    func webp() throws {
        let fixture = Fixtures.directory.appendingPathComponent("webp/pillow-lossless-alpha.webp").path
        // Named .gif: the format is the content's.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-webp-\(UUID().uuidString).gif").path
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let listing = BenchProgram.inProcess(["inspect", path])
        #expect(listing.status == 0, "\(listing.errors)")
        #expect(listing.output.contains("format: WebP, animated, lossless frames") && listing.output.contains("canvas: 40x30"), "\(listing.output)")
        let hashes = BenchProgram.inProcess(["inspect", path, "--hashes"])
        #expect(hashes.output.split(separator: "\n").count == 6)
        let cut = path + ".cut.webp"
        try Data(try Data(contentsOf: URL(fileURLWithPath: fixture)).prefix(300)).write(to: URL(fileURLWithPath: cut))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        let damaged = BenchProgram.inProcess(["inspect", cut])
        #expect(damaged.status == 2 && damaged.errors.split(separator: "\n").count == 1 && damaged.errors.contains("cut short"), "\(damaged.errors)")
        let played = BenchProgram.inProcess(["run", "--gif", cut, "--out", HostilePathTests.path("webp")])
        #expect(played.status == 2 && played.errors.contains("cut short") && played.errors.split(separator: "\n").count == 1, "\(played.errors)")
        let fed = BenchProgram.inProcess(["feed", "--gif", path, "--out", HostilePathTests.path("webp-feed")])
        #expect(fed.status == 2 && fed.errors.contains("a WebP, not a GIF: this command reads GIFs only")
                && fed.errors.split(separator: "\n").count == 1, "\(fed.errors)")
    }

    @Test("bench cache keeps a WebP a WebP: stored without its bytes it comes back a WebP with every frame, delay and pixel, and it loads to its first frame as a GIF does")
    func cacheKeepsWebP() throws {
        let fixture = Fixtures.directory.appendingPathComponent("webp/pillow-lossless-alpha.webp").path
        let out = HostilePathTests.path("cache-webp")
        let cache = try BenchProgram.run(["cache", "--gif", fixture, "--gif", "emoji-64x64x24", "--repetitions", "1", "--quiet", "--out", out])
        #expect(cache.status == 0, "\(cache.errors)")
        let lines = try String(contentsOfFile: out + "/cache.csv", encoding: .utf8).split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        let webp = try #require(rows.first { $0["gif"] == "pillow-lossless-alpha.webp" }, "\(rows)")
        #expect(webp["original_format"] == "webp-animated" && webp["reencoded_format"] == "webp-animated", "\(webp)")
        #expect(["frames_kept", "delays_kept", "loop_kept", "pixels_kept", "original_byte_identical"].allSatisfy { webp[$0] == "true" }, "\(webp)")
        // Loaded and shown as a GIF is, now that the players play WebP: four ways, each with its time.
        #expect(["eager_heap", "eager_mmap", "windowed_heap", "windowed_mmap"].allSatisfy { (Double(webp["first_frame_\($0)_s"] ?? "") ?? 0) > 0 }, "\(webp)")
        let gif = try #require(rows.first { $0["gif"] == "emoji-64x64x24" })
        #expect(gif["reencoded_format"] == "gif" && gif["pixels_kept"] == "true" && gif["first_frame_eager_heap_s"] != "")
    }
}

/// A mistyped flag or command is answered with the nearest one; `bench --flag` is `bench run --flag`; `-V` is `--version`.
@Suite("bench command line: did you mean")
struct DidYouMeanTests {
    @Test("a mistyped flag or command names the nearest known one, in one line with exit 2", arguments: [
        (["run", "--widnows", "4"], "unknown option '--widnows' for 'run'; did you mean '--windows'?"),
        (["--widnows", "4"], "unknown option '--widnows' for 'run'; did you mean '--windows'?"),
        (["rnu"], "unknown command 'rnu'; did you mean 'run'?"),
        (["feed", "--player", "3"], "unknown option '--player' for 'feed'; did you mean '--players'?"),
        (["gate", "--baselin", "x"], "unknown option '--baselin' for 'gate'; did you mean '--baseline'?"),
        (["run", "--loop=2"], "unknown option '--loop' for 'run'; did you mean '--loops'?"),
        (["run", "--frobnicate"], "unknown option '--frobnicate' for 'run' (see"),
    ])
    func suggests(arguments: [String], expected: String) throws {
        let outcome = BenchProgram.inProcess(arguments)
        #expect(outcome.status == 2, "\(arguments): exit \(outcome.status.map(String.init) ?? "signal")")
        #expect(outcome.errorLines.count == 1 && outcome.errors.contains(expected), "\(arguments): \(outcome.errors)")
    }

    @Test("-V and 'bench version' print what --version prints")
    func versionAliases() throws {
        let long = BenchProgram.inProcess(["--version"])
        for alias in [["-V"], ["version"]] {
            let short = BenchProgram.inProcess(alias)
            #expect(short.status == 0 && short.output == long.output && long.output.hasPrefix("bench (GIF Frame Bench)"), "\(alias)")
        }
    }
}

/// What a user reads first from `inspect` and a real-time run.
@Suite("bench command line: names and lengths")
struct NamesAndLengthsTests {
    @Test("inspect takes a built-in GIF's name as run does, gives the loop's length and sizes with units; a missing file reads as run's does")
    func inspectByName() throws {
        let inspected = BenchProgram.inProcess(["inspect", "sticker-240x240x60"])
        #expect(inspected.status == 0, "\(inspected.errors)")
        #expect(inspected.output.contains("frames: 60") && inspected.output.contains("loop length: 3.60 s of animation"), "\(inspected.output.prefix(600))")
        #expect(inspected.output.contains("bytes per frame (225.0 KiB)"), "\(inspected.output.prefix(600))")
        for command in [["inspect", "/nonexistent.gif"], ["run", "--gif", "/nonexistent.gif"]] {
            let missing = BenchProgram.inProcess(command)
            #expect(missing.status == 2 && missing.errors.contains("/nonexistent.gif: no such file or directory"), "\(command): \(missing.errors)")
        }
    }

    @Test("an answer for a device says the phone's memory is modelled and its CPU is not")
    func deviceFidelity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-device-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = BenchProgram.inProcess(["run", "--gif", "emoji-64x64x24", "--device", "iphone-se-2", "--policies", "kingfisher", "--repetitions", "1",
                                        "--loops", "1", "--out", folder])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("`--device iphone-se-2` sizes memory (and the libraries' pools) and the refresh rate as the phone has them; "
                                    + "decode speed, and so the stalls, are this host's."), "\(run.output.prefix(800))")
    }

    @Test("a real-time run says how much animation it will play before it starts, and how long the rest will take as it goes")
    func realTimeLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-length-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = BenchProgram.inProcess(["run", "--gif", "sticker-240x240x60", "--decoders", "windowed", "--windows", "1,2", "--no-references", "--mode", "realtime",
                                        "--speed", "8", "--loops", "1", "--repetitions", "1", "--out", folder])
        #expect(run.status == 0, "\(run.errors)")
        // Two cases of one 3.6 s loop at speed 8: 0.45 s each.
        let lines = run.errorLines.map(String.init)
        let announced = try #require(lines.firstIndex { $0.contains("the 2 real-time cases play 900 ms of animation in all") }, "\(lines)")
        let firstCase = try #require(lines.firstIndex { $0.hasPrefix("[1/2]") }, "\(lines)")
        #expect(announced < firstCase)
        // Progress: the time preparing the GIFs is counted, each finished case but the last gives an estimate of the
        // rest, and the closing line's time includes the preparing.
        #expect(lines.contains { $0.contains("1 GIF prepared in ") }, "\(lines)")
        #expect(lines[firstCase].contains(" left"), "\(lines[firstCase])")
        #expect(lines.contains { $0.hasPrefix("[2/2]") && !$0.contains(" left") }, "\(lines)")
        #expect(lines.contains { $0.contains("2 of 2 cases in ") && $0.contains("with preparing the GIFs") }, "\(lines)")
    }
}
