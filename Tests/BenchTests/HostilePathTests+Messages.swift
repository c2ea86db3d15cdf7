import CaseModel
import BenchReports
import BenchRunning
import Foundation
import SystemFiles
import Testing

/// Flags and files refused in one line: numeric ranges, baselines, shard records, names with control characters.
extension HostilePathTests {
    // 6. Numbers.
    @Test("every numeric flag states its range: out of it is one line and exit 2, never a trap")
    func numbers() throws {
        let out = Self.path("numbers")
        for (arguments, text) in [
            (["--speed", "1e300"], "--speed takes a number from 0.01 to 1000"),
            (["--speed", "1e-300"], "--speed takes a number from 0.01 to 1000"),
            (["--speed", "nan"], "--speed takes"),
            (["--refresh", "1e300"], "--refresh takes a number from 1 to 1000"),
            (["--policies", "budget:1e18GiB"], "needs a size from 1B to 1PiB"),
            (["--policies", "budget:infMiB"], "needs a size from 1B to 1PiB"),
            (["--max-eager-bytes", "1e18GiB"], "--max-eager-bytes takes a size from 1B to 1PiB"),
            (["--max-file-size", "-1"], "--max-file-size takes a size"),
            (["--max-pixels", "99999999999999999999"], "--max-pixels takes a whole number"),
            (["--timeout", "1e9"], "--timeout takes a whole number from 1 to 86400"),
            (["--codec", "lzw"], "--codec takes fast or giflib, not 'lzw'"),
            (["--codec", ","], "--codec needs fast, giflib or fast,giflib"),
            (["--memory-warning-at", "1"], "--memory-warning-at goes with --mode realtime"),
            (["--mode", "realtime", "--memory-warning-at", "0"], "--memory-warning-at takes a number from 0.01"),
            (["--mode", "realtime", "--memory-warning-at", "3600"], "--memory-warning-at 3600.000 s comes after"),
            (["--device", "unknown"], "unknown device 'unknown' (use iphone-se-2, iphone-se-3, iphone-15, iphone-15-pro)"),
            (["--device", "iphone-se-2", "--device-free", "9GiB"], "--device-free (9GiB) is more than the device's memory (3GiB)"),
            (["--device-free", "1GiB"], "--device-free needs --device NAME or --device-memory SIZE"),
            (["--display", "0x0"], "--display takes the view's size in pixels as WxH, each side 1 to 65535 (e.g. 320x320), or 'full', not '0x0'"),
            (["--display", "320"], "--display takes the view's size in pixels as WxH"),
            (["--display", ","], "--display needs at least one size"),
        ] {
            try Self.expectRefusal(["run", "--gif", Self.gif, "--out", out] + arguments, text)
        }
        try Self.expectRefusal(["inspect", Self.gif, "--codec", "fast,giflib"], "--codec takes one codec here: fast or giflib")
        try Self.expectRefusal(["speed", "--gif", Self.gif, "--codec", "GIFLIB"], "--codec takes fast or giflib, not 'GIFLIB'")
        let baseline = Self.path("huge.json")
        #expect(try Self.quickRun(Self.path("base"), ["--save-baseline", baseline]).status == 0)
        var json = try String(contentsOfFile: baseline, encoding: .utf8)
        // The first result's figure (results come before the summaries, whose metrics share the name).
        let figure = try #require(json.range(of: "\"cpu_total_s\" : "))
        json.replaceSubrange(figure, with: "\"cpu_total_s\" : 1e300, \"x\" : ")
        try json.write(toFile: baseline, atomically: true, encoding: .utf8)
        try Self.expectRefusal(["compare", "--baseline", baseline, "--current", baseline], "cpu_total_s is 1e+300, outside 0 to 1000000")
    }

    @Test("merge reads a recorded shard as the flag is read, and refuses rows its record does not name or holds twice")
    func shardRecords() throws {
        let second = Self.path("second.gif")
        try FileManager.default.copyItem(atPath: Self.gif, toPath: second)
        let one = Self.path("s1"), two = Self.path("s2")
        for (index, out) in [one, two].enumerated() {
            let run = BenchProgram.inProcess(["run", "--gif", Self.gif, "--gif", second, "--quick", "--repetitions", "1", "--shard", "\(index + 1)/2", "--out", out])
            #expect(run.status == 0, "\(run.errors)")
        }
        let first = try BenchProgram.report(in: one)
        let other = try BenchProgram.report(in: two)
        func write(_ report: RunReport, _ name: String) throws -> String {
            let folder = Self.path(name)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try JSONReporter.render(report).write(to: URL(fileURLWithPath: folder + "/results.json"))
            return folder
        }
        for count in [0, 1_000_000_000_000] {
            var wrong = other
            wrong.metadata.shard?.shard.count = count
            try Self.expectRefusal(["merge", one, try write(wrong, "count-\(count)"), "--out", Self.path("m")], "outside 1 ≤ i ≤ n ≤ 1000")
        }
        var stolen = first
        stolen.metadata.shard = other.metadata.shard
        try Self.expectRefusal(["merge", one, try write(stolen, "stolen"), "--out", Self.path("m")], "which its shard record does not name")
        var doubled = first
        doubled.results += first.results
        try Self.expectRefusal(["merge", try write(doubled, "doubled"), two, "--out", Self.path("m")], "twice")
    }

    @Test("a FIFO as a baseline says it is a FIFO; a missing key is named as the file spells it; a name's control characters are escaped")
    func messages() throws {
        let fifo = Self.path("baseline.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try Self.expectRefusal(["compare", "--baseline", fifo, "--current", fifo], "the baseline is a pipe or FIFO, not a report file")
        let out = Self.path("keys")
        #expect(try Self.quickRun(out).status == 0)
        var json = try String(contentsOfFile: out + "/results.json", encoding: .utf8)
        let range = try #require(json.range(of: #""frames_hash" *: *"[0-9a-f]*" *,"#, options: .regularExpression))
        json.removeSubrange(range)
        let missing = Self.path("missing.json")
        try json.write(toFile: missing, atomically: true, encoding: .utf8)
        try Self.expectRefusal(["compare", "--baseline", missing, "--current", out + "/results.json"], "missing 'frames_hash'")
        let hostile = Self.directory + "/title\u{1B}]0;pwned\u{07}\nline.gif"
        #expect(FileManager.default.createFile(atPath: hostile, contents: Data("not a gif".utf8)))
        defer { unlink(hostile) }
        let refused = BenchProgram.inProcess(["run", "--gif", hostile, "--quick", "--out", Self.path("hostile-out")])
        #expect(refused.status == 2)
        #expect(refused.errorLines.count == 1, "\(refused.errors)")
        #expect(!refused.errors.contains("\u{1B}") && refused.errors.contains("\\u{1B}]0;pwned\\u{7}\\u{A}line"), "\(refused.errors)")
        // A playable GIF of such a name: its progress lines are escaped too (issue 47).
        let playable = Self.directory + "/title\u{1B}]0;pwned\u{07}.gif"
        try FileManager.default.copyItem(atPath: Self.gif, toPath: playable)
        defer { unlink(playable) }
        let played = BenchProgram.inProcess(["run", "--gif", playable, "--decoders", "eager", "--repetitions", "1", "--out", Self.path("hostile-played")])
        #expect(played.status == 0, "\(played.errors.suffix(300))")
        #expect(played.errors.contains("\\u{1B}]0;pwned"), "the name is not in the progress: \(played.errors.suffix(300))")
        #expect(!played.errors.contains("\u{1B}") && !played.errors.contains("\u{07}"), "raw control characters on stderr")
        // The answer names the GIF with its escape written out (as a table cell escapes it), never the raw byte.
        #expect(played.output.contains("0;pwned") && !played.output.contains("\u{1B}") && !played.output.contains("\u{07}"),
                "raw control characters in the answer on stdout")
    }

    // 11. The cache command and the eager limit.
    @Test("exit 4 says why, in one error line --quiet keeps: bench cache with a GIF skipped, bench run with a case failed (issue 47)")
    func gapsExitFour() throws {
        let bad = Self.path("not-a.gif")
        #expect(FileManager.default.createFile(atPath: bad, contents: Data("not a gif".utf8)))
        let cache = try BenchProgram.run(["cache", "--gif", Self.gif, "--gif", bad, "--max-eager-bytes", "1MiB", "--repetitions", "1", "--out", Self.path("cache-gap")])
        #expect(cache.status == 4, "\(cache.errors)")
        #expect(cache.errors.contains("skipping"), "\(cache.errors)")
        // A real-time case longer than --timeout fails (a time limit only a process can be held to); --quiet keeps the
        // error line that says so.
        let failed = try BenchProgram.run(["--quiet", "run", "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--mode", "realtime",
                                           "--repetitions", "1", "--timeout", "1", "--out", Self.path("quiet-failed")])
        #expect(failed.status == 4, "\(failed.errors)")
        #expect(failed.errorLines.contains { $0.contains("1 case failed") }, "\(failed.errors)")
    }

    @Test("a --filter that repeats a repetition is refused at once; alternatives and one level of repetition run (issue 47)")
    func filterTime() throws {
        for pattern in ["(.*)*(.*)*(.*)*(.*)*(.*)*z", "(a+)+$", "((e|f)*x)*", "(.*eager){2,}"] {
            let started = Date()
            try Self.expectRefusal(["run", "--gif", Self.gif, "--filter", pattern, "--out", Self.path("filter")], "repeats a group that itself repeats")
            #expect(Date().timeIntervalSince(started) < 10, "\(pattern) took \(Date().timeIntervalSince(started)) s")
        }
        for pattern in ["emoji.*eager", "(eager|windowed)", "[(*)]*eager", "\\(x*\\)*|eager"] {
            let run = BenchProgram.inProcess(["run", "--gif", Self.gif, "--decoders", "eager,windowed", "--repetitions", "1", "--filter", pattern,
                                            "--out", Self.path("filter-ok")])
            #expect(run.status == 0, "\(pattern): \(run.errors.suffix(300))")
        }
    }

    @Test("bench cache takes --max-eager-bytes, and its refusal names a flag it accepts")
    func cacheLimit() throws {
        try Self.expectRefusal(["cache", "--gif", Self.gif, "--max-eager-bytes", "100KiB", "--out", Self.path("cache")],
                               "raise it with --max-eager-bytes")
        let raised = try BenchProgram.run(["cache", "--gif", Self.gif, "--max-eager-bytes", "1MiB", "--repetitions", "1", "--out", Self.path("cache")])
        #expect(raised.status == 0, "\(raised.errors)")
    }

    /// A one-frame GIF of one pixel on a `side` × `side` screen: a few dozen bytes that decode to `side`² × 4 bytes.
    static func stillOnAScreen(_ side: Int, named name: String) -> String {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [UInt8(side & 0xff), UInt8(side >> 8), UInt8(side & 0xff), UInt8(side >> 8)]
        bytes += [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]
        let path = Self.path(name)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    @Test("bench cache measures each file in a child: one past --timeout is skipped in one line, and a load that would hold more than the eager limit is left out (issue 68)")
    func cacheInsideItsLimits() throws {
        // 100 Mpx: storing it takes seconds, so a child held to 1 s is stopped and the file skipped.
        let slow = try BenchProgram.run(["cache", "--gif", Self.stillOnAScreen(10_000, named: "still-10000.gif"),
                                         "--repetitions", "1", "--timeout", "1", "--out", Self.path("cache-slow")])
        #expect(slow.status == 2 && slow.errors.contains("timed out after 1 s"), "\(slow.errors)")
        #expect(slow.seconds < 20, "the child was not stopped at its timeout: \(slow.seconds) s")
        // 4 Mpx, 16 MB a frame under a 20 MB limit: eager holds one frame; a window of 1 holds two and a canvas.
        let out = Self.path("cache-still")
        let still = try BenchProgram.run(["cache", "--gif", Self.stillOnAScreen(2_000, named: "still-2000.gif"),
                                          "--repetitions", "1", "--max-eager-bytes", "20MB", "--out", out])
        #expect(still.status == 0, "\(still.errors)")
        let markdown = try String(contentsOfFile: out + "/cache.md", encoding: .utf8)
        let row = try #require(markdown.split(separator: "\n").first { $0.contains("still-2000 |") && $0.contains("ms, ") })
        #expect(row.components(separatedBy: "over the limit").count == 3, "both windowed loads left out: \(row)")
    }

    // 12. Bad baselines.
    @Test("a baseline with a duplicate key, a zero malloc count or an incomplete mark is refused in one line")
    func badBaselines() throws {
        let baseline = Self.path("good.json")
        #expect(try Self.quickRun(Self.path("base"), ["--save-baseline", baseline]).status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        for (name, edited, message) in [
            ("duplicate", text.replacingOccurrences(of: "\"malloc_count\" : ", with: "\"malloc_count\" : 1, \"malloc_count\" : "),
             "has the key 'results[].malloc_count' twice in one object"),
            ("zero", text.replacingOccurrences(of: #""malloc_count" : \d+"#, with: "\"malloc_count\" : 0", options: .regularExpression),
             "malloc_count is 0.0, which no run that played can measure"),
            ("incomplete", text.replacingOccurrences(of: "\"incomplete\" : false", with: "\"incomplete\" : true"), "it is marked incomplete"),
        ] {
            #expect(edited != text, "\(name): the edit did not apply")
            let path = Self.path(name + ".json")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            try Self.expectRefusal(["compare", "--baseline", path, "--current", baseline], message)
        }
    }

    // 13. Smaller ones.
    @Test("directories, early ends, repeated switches, duplicate windows, CPUs, TMPDIR and names with newlines each get their own answer")
    func smallerOnes() throws {
        try Self.expectRefusal(["inspect", Self.directory], "is a directory, not a GIF file")
        let cut = Self.path("cut.gif")
        #expect(FileManager.default.createFile(atPath: cut, contents: Data(Self.gifWithFrame(screen: 16, frameWidth: 16, frameHeight: 16).prefix(24))))
        try Self.expectRefusal(["inspect", cut], "the file ends inside the first image descriptor or its local palette")
        try Self.expectRefusal(["run", "--windows", ""], "--windows needs at least one window")
        try Self.expectRefusal(["run", "--cpus", "999"], "(the CPUs this process may run on)")
        try Self.expectRefusal(["run", "--gif", Self.gif, "--out", Self.path("out")], "cannot make a private scratch directory in /nonexistent-gfb",
                               environment: ["TMPDIR": "/nonexistent-gfb"])
        #expect(FileKind.of("/nonexistent-gfb") == nil)

        let twice = BenchProgram.inProcess(["run", "--gif", Self.gif, "--quick", "--quick", "--repetitions", "1", "--windows", "1,1,1", "--out", Self.path("twice")])
        #expect(twice.status == 0, "\(twice.errors)")
        // The three windows are one, for each of the default decoders (eager, windowed, indexed).
        #expect(twice.errors.contains("3 cases (1 GIF × 3 settings × 1 repetition, 1 loop each"), "\(twice.errors)")

        let odd = Self.path("odd")
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.gif, toPath: odd + "/two\nlines.gif")
        let out = Self.path("odd-out")
        #expect(BenchProgram.inProcess(["run", "--gif", odd, "--quick", "--repetitions", "1", "--out", out]).status == 0)
        let markdown = try String(contentsOfFile: out + "/results.md", encoding: .utf8)
        #expect(markdown.contains("## two\\nlines\n"), "\(markdown.prefix(600))")
    }
}
