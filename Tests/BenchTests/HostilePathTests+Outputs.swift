import BenchReports
import BenchRunning
import BenchCore
import Foundation
import SystemFiles
import Testing
import TestFixtures

/// Where reports go: destinations checked before the first case, links replaced and never written through, scratch kept
/// private, earlier reports kept whole.
extension HostilePathTests {
    @Test("a destination that cannot be written is refused before the first case; an export that fails at the end skips nothing else")
    func unwritableDestinations() throws {
        for flag in ["--save-baseline", "--export-github-benchmark", "--export-bmf"] {
            try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", Self.path("unwritable"), flag, "/proc/gfb-destination.json"],
                                   "\(flag) /proc/gfb-destination.json cannot be written")
        }
        // /dev/full opens, and every write to it fails: the baseline is still saved, and the run exits 3, could not finish.
        let baseline = Self.path("after-export.json")
        let run = try Self.quickRun(Self.path("export-full"), ["--export-bmf", "/dev/full", "--save-baseline", baseline])
        #expect(run.status == 3, "\(run.errors)")
        #expect(run.errors.contains("--export-bmf /dev/full was not written"), "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: baseline), "the baseline was skipped: \(run.errors)")
    }

    // 1. Writing keeps what the path is.
    @Test("--summary and --save-baseline write through a symbolic link, into a device, and to standard output; never replace them")
    func writesKeepWhatThePathIs() throws {
        let baseline = Self.path("baseline.json"), target = Self.path("summary-target.md"), link = Self.path("summary-link.md")
        #expect(try Self.quickRun(Self.path("first"), ["--save-baseline", baseline]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try Self.quickRun(Self.path("linked"), ["--gate", baseline, "--summary", link, "--gate-times", "never"])
        #expect(linked.status == 0, "\(linked.errors)")
        #expect(FileKind.of(link) == .symbolicLink)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("GIF Frame Bench"))

        let toStdout = try Self.quickRun(Self.path("stdout"), ["--gate", baseline, "--summary", "/dev/stdout", "--gate-times", "never"])
        #expect(toStdout.status == 0)
        #expect(toStdout.output.contains("**No regression**"), "\(toStdout.output.suffix(400))")

        let toDevice = try Self.quickRun(Self.path("device"), ["--save-baseline", "/dev/null"])
        #expect(toDevice.status == 0, "\(toDevice.errors)")
        #expect(FileKind.of("/dev/null") == .characterDevice)

        let full = try Self.quickRun(Self.path("full"), ["--gate", baseline, "--summary", "/dev/full", "--gate-times", "never"])
        #expect(full.status == 3, "a write that fails once the work ran could not finish: \(full.errors)")
        #expect(full.errors.contains("cannot write /dev/full: No space left on device"), "\(full.errors)")
        let fullBaseline = try Self.quickRun(Self.path("full-baseline"), ["--save-baseline", "/dev/full"])
        #expect(fullBaseline.status == 3, "\(fullBaseline.errors)")
        #expect(fullBaseline.errors.split(separator: "\n").contains("bench: error: cannot write /dev/full: No space left on device"),
                "one line: \(fullBaseline.errors)")
        let hashes = try BenchProgram.run([], shell: "BENCH inspect \(Self.gif) --hashes > /dev/full")
        #expect(hashes.status == 3)
        #expect(hashes.errors.contains("cannot write standard output"), "\(hashes.errors)")
    }

    // 2. Scratch directories are private, never reused, and cache entries are never written through planted links.
    @Test("scratch directories are 0700 and fresh; an abandoned one is removed, a live one is not; a planted link is replaced, not followed")
    func privateScratch() throws {
        let first = try PrivateDirectory(prefix: "gfb-test-scratch"), second = try PrivateDirectory(prefix: "gfb-test-scratch")
        #expect(first.path != second.path)
        var status = stat()
        #expect(stat(first.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        // A directory whose owner died: its lock file is there and nobody holds it.
        let abandoned = PrivateDirectory.temporaryBase + "/gfb-test-scratch-abandoned\(getpid())"
        try FileManager.default.createDirectory(atPath: abandoned, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: abandoned + "/.owner.lock", contents: Data()))
        // Just made, it may be a live run's that has not locked yet: left alone until it is a minute old.
        #expect(PrivateDirectory.removeAbandoned(prefix: "gfb-test-scratch") == 0)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: abandoned)
        #expect(PrivateDirectory.removeAbandoned(prefix: "gfb-test-scratch") == 1)
        #expect(FileKind.of(abandoned) == nil)
        #expect(FileKind.of(first.path) == .directory && FileKind.of(second.path) == .directory)

        let victim = Self.path("victim.txt")
        try "keep me".write(toFile: victim, atomically: false, encoding: .utf8)
        let link = Self.path("entry.data")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        try AtomicFile.write(Array("new entry".utf8), to: link)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(FileKind.of(link) == .regular)
    }

    // 8 and 9. The output folder.
    @Test("a bad --out fails before the first case; a folder another run holds is refused; charts of an earlier run go, the user's own stay")
    func outputFolder() throws {
        let file = Self.path("plain-file")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        try Self.expectRefusal(["run", "--out", ""], "--out needs a directory")
        try Self.expectRefusal(["run", "--out", "/dev/null"], "is a character device, not a directory")
        try Self.expectRefusal(["run", "--out", file + "/sub"], "--out \(file)/sub")
        let shared = Self.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        let lock = open(shared + "/.bench.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", shared], "is in use by another bench run")
        flock(lock, LOCK_UN)

        try FileManager.default.createDirectory(atPath: shared + "/charts", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: shared + "/charts/mine.svg", contents: Data("<svg/>".utf8)))
        #expect(FileManager.default.createFile(atPath: shared + "/notes.txt", contents: Data("mine".utf8)))
        let other = Self.path("other.gif")
        try FileManager.default.copyItem(atPath: Self.gif, toPath: other)
        #expect(BenchProgram.inProcess(["run", "--gif", other, "--quick", "--repetitions", "1", "--out", shared]).status == 0)
        let otherStem = ((other as NSString).lastPathComponent as NSString).deletingPathExtension
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared + "/charts").contains { $0.hasPrefix(ChartSet.fileStem(otherStem)) })
        #expect(try Self.quickRun(shared).status == 0)
        let charts = try FileManager.default.contentsOfDirectory(atPath: shared + "/charts")
        #expect(charts.sorted() == ["emoji-memory.svg", "emoji-tradeoff.svg", "mine.svg"], "the earlier run's charts go, the user's stays")
        #expect(FileManager.default.contents(atPath: shared + "/notes.txt") == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasPrefix(".bench-staging") || $0.contains(".tmp-") }.isEmpty)
    }

    // Issue 28: a report is one unit, written only into folders of its own, never through links.
    @Test("a link in --out where a report file goes is replaced, not written through; a link where charts/ goes is refused; the target is untouched")
    func linksInsideOut() throws {
        let out = Self.path("links-out"), elsewhere = Self.path("elsewhere")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: elsewhere + "/precious.json", contents: Data("precious".utf8)))
        #expect(FileManager.default.createFile(atPath: elsewhere + "/theirs.svg", contents: Data("<svg/>".utf8)))
        try FileManager.default.createSymbolicLink(atPath: out + "/results.json", withDestinationPath: elsewhere + "/precious.json")
        #expect(try Self.quickRun(out).status == 0)
        #expect(FileManager.default.contents(atPath: elsewhere + "/precious.json") == Data("precious".utf8), "written through a link")
        #expect(FileKind.of(out + "/results.json") == .regular)

        let linked = Self.path("linked-charts")
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: linked + "/charts", withDestinationPath: elsewhere)
        let refused = try Self.quickRun(linked)
        #expect(refused.status == 2, "\(refused.errors)")
        #expect(refused.errors.contains("charts: it is a symbolic link"), "\(refused.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted() == ["precious.json", "theirs.svg"])
        #expect(FileKind.of(linked + "/results.json") == nil, "half a report was published")
    }

    @Test("over a file size limit the run fails in one line and the earlier report stays whole, with nothing half-written left")
    func fileSizeLimit() throws {
        let out = Self.path("limited")
        #expect(try Self.quickRun(out).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let json = FileManager.default.contents(atPath: out + "/results.json"), csv = FileManager.default.contents(atPath: out + "/results.csv")
        // 24 KiB: the CSV and the charts fit, the JSON with its memory timelines does not.
        let limited = try BenchProgram.run([], shell: "ulimit -f 24; exec BENCH run --gif '\(Self.gif)' --quick --repetitions 2 --out '\(out)'")
        #expect(limited.status != 0, "\(limited.errors)")
        #expect(limited.errors.contains("File too large"), "\(limited.errors)")
        #expect(FileManager.default.contents(atPath: out + "/results.json") == json, "results.json changed")
        #expect(FileManager.default.contents(atPath: out + "/results.csv") == csv, "results.csv changed: two runs mixed")
        // The failed run's finished rows stay in results.partial.jsonl, as after any run that could not write its report.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0 != RowJournal.fileName }.sorted() == before,
                "a file was left behind")
        let compared = BenchProgram.inProcess(["compare", "--baseline", out + "/results.json", "--current", out + "/results.json"])
        #expect(compared.status == 0, "\(compared.errors)")
    }

    @Test("a results.json that does not match its folder's manifest (a publication cut short) is refused in one line")
    func manifestMismatch() throws {
        let out = Self.path("mismatch"), other = Self.path("other-run")
        #expect(try Self.quickRun(out).status == 0)
        #expect(try Self.quickRun(other).status == 0)
        unlink(out + "/results.json")
        try FileManager.default.copyItem(atPath: other + "/results.json", toPath: out + "/results.json")
        try Self.expectRefusal(["compare", "--baseline", other + "/results.json", "--current", out + "/results.json"],
                               "does not match the report the folder's manifest lists")
    }

    @Test("bench corpus into a file, or into a folder it cannot write, is one line and exit 2")
    func corpusDestination() throws {
        let file = Self.path("corpus-file")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        try Self.expectRefusal(["corpus", "--out", file], "--out \(file)")
        try Self.expectRefusal(["corpus", "--out", "/proc/self/gifs"], "--out /proc/self/gifs")
    }

    @Test("destinations that collide with each other, with the report's own files or with an input are refused before any case")
    func collidingDestinations() throws {
        let out = Self.path("collide-out"), same = Self.path("same.json"), baseline = Self.path("collide-baseline.json")
        #expect(BenchProgram.inProcess(["run", "--gif", Self.gif, "--quick", "--repetitions", "1", "--out", out, "--save-baseline", baseline]).status == 0)
        try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", Self.path("o1"), "--gate", baseline, "--summary", same,
                                "--export-github-benchmark", same], "is the same file as --summary")
        try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", out, "--export-bmf", out + "/results.json"],
                               "is the same file as --out's results.json")
        try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", Self.path("o2"), "--export-bmf", Self.gif],
                               "is the same file as the input")
        try Self.expectRefusal(["run", "--gif", Self.gif, "--quick", "--out", Self.path("o3"), "--gate", baseline, "--save-baseline", baseline],
                               "is the same file as --gate's baseline")
        try Self.expectRefusal(["merge", out, "--out", out], "is the shard folder")
        try Self.expectRefusal(["compare", "--baseline", baseline, "--current", out + "/results.json", "--summary", baseline],
                               "is the same file as --baseline")
        let json = FileManager.default.contents(atPath: out + "/results.json")
        #expect(json != nil && (try? ReportJSON.decode(json!)) != nil, "the report was overwritten")
    }
}

/// Issue 47: no output may be an input (a GIF, thresholds, a player file, the record a --confirm folder holds),
/// whatever the command; and a report folder holding a file bench did not write is not written into.
extension HostilePathTests {
    @Test("an output over an input is refused for every command, before any work, the input untouched", arguments: [
        (["gate", "--baseline", "BASELINE", "--gif", "VICTIM", "--summary", "VICTIM"], "the input"),
        (["compare", "--baseline", "BASELINE", "--current", "CURRENT", "--thresholds", "THRESHOLDS", "--summary", "THRESHOLDS"], "--thresholds"),
        (["gate", "--baseline", "BASELINE", "--thresholds", "THRESHOLDS", "--summary", "THRESHOLDS"], "--thresholds"),
        (["run", "--gif", "VICTIM", "--player-file", "PLAYER", "--export-bmf", "PLAYER"], "--player-file"),
        (["run", "--gif", "VICTIM", "--player-file", "PLAYER", "--save-baseline", "PLAYER"], "--player-file"),
        (["feed", "--gif", "VICTIM", "--player-file", "PLAYER", "--export-github-benchmark", "PLAYER"], "--player-file"),
        (["gate", "--baseline", "BASELINE", "--summary", "CONFIRM/regressions.tsv", "--confirm", "CONFIRM"], "--confirm"),
        (["gate", "--baseline", "BASELINE", "--summary", "OUT/regressions.tsv", "--out", "OUT"], "--out's regressions.tsv"),
        (["run", "--gif", "FOLDER", "--export-bmf", "FOLDER/emoji.gif"], "the input"),
    ])
    func outputOverInput(arguments: [String], named: String) throws {
        let folder = Self.path("inputs")
        try FileManager.default.createDirectory(atPath: folder + "/gifs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/confirm", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.gif, toPath: folder + "/victim.gif")
        try FileManager.default.copyItem(atPath: Self.gif, toPath: folder + "/gifs/emoji.gif")
        let inputs = ["THRESHOLDS": folder + "/thresholds.json", "PLAYER": folder + "/player.json", "CONFIRM/regressions.tsv": folder + "/confirm/regressions.tsv"]
        // Valid inputs, so that without the check each command would run on and write over them.
        try Data(#"{"schema": "gif-frame-bench-thresholds/1", "confidence": 0.95, "rules": [{"metric": "cpu_total_s", "kind": "relative", "limit": 0.05, "minimumAbsoluteChange": 0, "machineDependent": false, "minimumCPUSeconds": 0}]}"#.utf8)
            .write(to: URL(fileURLWithPath: inputs["THRESHOLDS"]!))
        try FileManager.default.copyItem(atPath: Fixtures.packageRoot.path + "/docs/players/kingfisher.json", toPath: inputs["PLAYER"]!)
        try FileManager.default.copyItem(atPath: try Self.savedBaseline(), toPath: folder + "/baseline.json")
        try FileManager.default.copyItem(atPath: try Self.savedBaseline(), toPath: folder + "/current.json")
        try Data("gif\tsetting\tmetric\n".utf8).write(to: URL(fileURLWithPath: inputs["CONFIRM/regressions.tsv"]!))
        let substituted = arguments.map { argument in
            argument.replacingOccurrences(of: "BASELINE", with: folder + "/baseline.json").replacingOccurrences(of: "CURRENT", with: folder + "/current.json")
                .replacingOccurrences(of: "VICTIM", with: folder + "/victim.gif").replacingOccurrences(of: "THRESHOLDS", with: inputs["THRESHOLDS"]!)
                .replacingOccurrences(of: "PLAYER", with: inputs["PLAYER"]!).replacingOccurrences(of: "CONFIRM", with: folder + "/confirm")
                .replacingOccurrences(of: "OUT", with: folder + "/out").replacingOccurrences(of: "FOLDER", with: folder + "/gifs")
        }
        let before = try [folder + "/victim.gif", folder + "/gifs/emoji.gif"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            + inputs.values.sorted().map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        try Self.expectRefusal(substituted, "is the same file as \(named)")
        let after = try [folder + "/victim.gif", folder + "/gifs/emoji.gif"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            + inputs.values.sorted().map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(before == after, "\(arguments): an input was changed")
    }

    /// A baseline of the test GIF, saved once by a real run.
    static func savedBaseline() throws -> String {
        let path = directory + "/saved-baseline.json"
        if !FileManager.default.fileExists(atPath: path) {
            let saved = BenchProgram.inProcess(["run", "--gif", gif, "--decoders", "eager", "--repetitions", "1", "--out", directory + "/saved-run",
                                              "--save-baseline", path])
            #expect(saved.status == 0, "\(saved.errors.suffix(300))")
        }
        return path
    }

    @Test("a report folder holding a results.md bench did not write is refused; one bench wrote, manifest or not, is replaced")
    func foreignReportFile() throws {
        let own = Self.path("own-out")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: own + "/results.md"))
        try Self.expectRefusal(["run", "--gif", Self.gif, "--decoders", "eager", "--repetitions", "1", "--out", own], "holds a results.md that bench did not write")
        #expect(try String(contentsOfFile: own + "/results.md", encoding: .utf8) == "my notes\n")
        // A report bench wrote before it kept manifests: its files begin as bench writes them.
        let earlier = Self.path("earlier-out")
        #expect(BenchProgram.inProcess(["run", "--gif", Self.gif, "--decoders", "eager", "--repetitions", "1", "--out", earlier]).status == 0)
        try FileManager.default.removeItem(atPath: earlier + "/.bench-manifest")
        let again = BenchProgram.inProcess(["run", "--gif", Self.gif, "--decoders", "eager", "--repetitions", "1", "--out", earlier])
        #expect(again.status == 0, "\(again.errors.suffix(300))")
    }
}

extension HostilePathTests {
    @Test("one-character names are paths like any other: --out z, --save-baseline b, --gif a (Foundation trapped on them; issue 47)")
    func oneCharacterNames() throws {
        let folder = Self.path("short")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.gif, toPath: folder + "/a")
        let run = try BenchProgram.run(["run", "--gif", "a", "--decoders", "eager", "--repetitions", "1", "--out", "z", "--save-baseline", "b"], in: folder)
        #expect(run.status == 0, "\(run.errors.suffix(300))")
        #expect(FileManager.default.fileExists(atPath: folder + "/b") && FileManager.default.fileExists(atPath: folder + "/z/results.json"))
        let compared = try BenchProgram.run(["compare", "--baseline", "b", "--current", "z/results.json"], in: folder)
        #expect(compared.status == 0, "\(compared.errors.suffix(300))")
        for index in 1...2 {
            let shard = try BenchProgram.run(["run", "--gif", "a", "--gif", Self.gif, "--decoders", "eager", "--repetitions", "1",
                                              "--shard", "\(index)/2", "--out", "s\(index)"], in: folder)
            #expect(shard.status == 0, "\(shard.errors.suffix(300))")
        }
        let merged = try BenchProgram.run(["merge", "s1", "s2", "--out", "m"], in: folder)
        #expect(merged.status == 0, "\(merged.errors.suffix(300))")
    }
}
