import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import Foundation
import GIFCorpus
import Testing
import TestFixtures
import PairedRunning

/// The paired gate's judgement on rounds of known distribution, its instruction rule on real Callgrind counts, and
/// `bench gate`'s refusals, each with one line and exit 2.
@Suite("Paired gate")
struct PairedGateTests {
    /// One round: GIFs `a`, `b`, `c` with eager and windowed; the candidate's windowed CPU is the base's × `ratio(gif)`.
    static func round(_ index: Int, windowed ratio: (String) -> Double, eager eagerRatio: Double = 1, gifs: [String] = ["a", "b", "c"]) -> PairedRound {
        func report(_ scale: (String, DecoderChoice) -> Double) -> RunReport {
            var results: [CaseResult] = []
            for gif in gifs {
                for decoder in [DecoderChoice.eager, .windowed(.frames(4))] {
                    var result = CaseResult(benchCase: BenchCase(gif: gif, path: "/\(gif).gif", decoder: decoder, loops: 1, repetition: index))
                    result.frames = 10
                    result[.cpuTotal] = 0.1 * scale(gif, decoder)
                    results.append(result)
                }
            }
            return RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        }
        return PairedRound(base: report { _, _ in 1 }, candidate: report { gif, decoder in decoder == .eager ? eagerRatio : ratio(gif) })
    }

    /// A noise pattern with mean 0 and spread about ±`spread`, different for each GIF and round.
    static func wobble(_ gif: String, _ round: Int, spread: Double) -> Double {
        let phase = Double(gif.unicodeScalars.first!.value) * 0.7 + Double(round) * 2.3
        return 1 + spread * sin(phase)
    }

    @Test("a 5% windowed slowdown under ±2% noise is a regression; the same noise alone is within the band, in each case and over all GIFs")
    func pairedTimes() {
        let slow = (1...10).map { round in Self.round(round, windowed: { 1.05 * Self.wobble($0, round, spread: 0.02) }) }
        let caught = PairedJudge.judge(rounds: slow, instructions: nil)
        let windowed = caught.filter { $0.setting == "windowed w=4" }
        #expect(windowed.count == 4, "three GIFs and their aggregate: \(windowed.map(\.gif))")
        #expect(windowed.allSatisfy { $0.verdict == .regressed }, "\(windowed.map { "\($0.gif) \($0.verdict) \($0.interval.map { "\($0)" } ?? "")" })")
        #expect(caught.filter { $0.setting == "eager" }.allSatisfy { $0.verdict == .withinNoise })

        let clean = PairedJudge.judge(rounds: (1...10).map { round in Self.round(round, windowed: { Self.wobble($0, round, spread: 0.02) }) },
                                      instructions: nil)
        #expect(clean.count == 8)
        #expect(clean.allSatisfy { $0.verdict == .withinNoise }, "\(clean.filter { $0.verdict != .withinNoise }.map(\.gif))")
        // The interval is the t interval on the rounds' log ratios: for the aggregate of a constant 1.05, zero width.
        let exact = PairedJudge.judge(rounds: (1...5).map { Self.round($0, windowed: { _ in 1.05 }) }, instructions: nil)
        let aggregate = exact.first { $0.gif.hasPrefix(Comparison.allGIFs) && $0.setting == "windowed w=4" }
        #expect(abs((aggregate?.change ?? 0) - 0.05) < 1e-9)
        #expect(abs((aggregate?.interval?.lower ?? 0) - 0.05) < 1e-9 && abs((aggregate?.interval?.upper ?? 0) - 0.05) < 1e-9)
    }

    @Test("each judged row states the smallest regression it could have caught, and the summary gives their range")
    func resolution() throws {
        // A constant 5% gives a zero-width interval: the aggregate could have caught anything past the 1.5% band.
        let exact = PairedJudge.judge(rounds: (1...5).map { Self.round($0, windowed: { _ in 1.05 }) }, instructions: nil)
        let aggregate = try #require(exact.first { $0.gif.hasPrefix(Comparison.allGIFs) && $0.setting == "windowed w=4" })
        guard case .relative(let band)? = aggregate.resolution else { Issue.record("no resolution: \(aggregate)"); return }
        #expect(abs(band - 0.015) < 1e-9)
        // Under ±2% noise a case could only have caught more than the band: the band plus the interval's half-width.
        let noisy = PairedJudge.judge(rounds: (1...10).map { round in Self.round(round, windowed: { Self.wobble($0, round, spread: 0.02) }) },
                                      instructions: nil)
        for row in noisy {
            guard case .relative(let caught)? = row.resolution, let interval = row.interval else { Issue.record("\(row.gif): no resolution"); continue }
            let half = (log1p(interval.upper) - log1p(interval.lower)) / 2
            #expect(abs(caught - expm1(log1p(0.015) + half)) < 1e-12, "\(row.gif) \(row.setting)")
            #expect(caught > 0.015 || half == 0)
        }
        let outcome = GateOutcome(comparisons: noisy, cpuScope: "CPU judged paired", timesGated: false, incomplete: false)
        let summary = GateReporter.summary(outcome)
        #expect(summary.contains("**No regression**"))
        let low = noisy.compactMap { if case .relative(let value)? = $0.resolution { value } else { nil } }.min()!
        #expect(summary.contains("Smallest regression each judged figure could have caught here") && summary.contains(Format.percent(low)),
                "\(summary)")
    }

    @Test("the aggregate is each round's median GIF: a 4% slowdown every GIF shows is caught though, every round, another GIF's run is disturbed by half")
    func disturbedGIF() {
        let gifs = ["a", "b", "c", "d"]
        // Round r disturbs GIF r mod 4 (a neighbour process), by +50% or −40% in turn; the others wobble by ±0.5%.
        func ratio(_ gif: String, _ round: Int) -> Double {
            gif == gifs[round % gifs.count] ? (round % 2 == 0 ? 1.5 : 0.6) : 1.04 * Self.wobble(gif, round, spread: 0.005)
        }
        let rounds = (1...10).map { round in Self.round(round, windowed: { ratio($0, round) }, gifs: gifs) }
        let aggregate = PairedJudge.judge(rounds: rounds, instructions: nil)
            .first { if case .everyGIF = $0.scope { $0.setting == "windowed w=4" } else { false } }
        #expect(aggregate?.verdict == .regressed, "\(aggregate.map { "\($0.change ?? 0) \($0.interval.map { "\($0)" } ?? "")" } ?? "no aggregate")")
        #expect(abs((aggregate?.change ?? 0) - 0.04) < 0.005)
    }

    @Test("with several samples a side a round, the fastest counts: a slow outlier sample (interference) raises no alarm, a slowdown in every sample is caught")
    func fastestSample() {
        // Three samples of each case a side: the candidate's second sample is 40% slower (another process's interference).
        func sampled(_ round: PairedRound, candidateRatios: [Double]) -> PairedRound {
            var sampledRound = PairedRound(base: round.base, candidate: round.candidate)
            sampledRound.base.results = (0..<3).flatMap { sample in round.base.results.map { var result = $0; result.benchCase.repetition = sample + 1; return result } }
            sampledRound.candidate.results = candidateRatios.enumerated().flatMap { sample, ratio in
                round.candidate.results.map { var result = $0; result.benchCase.repetition = sample + 1; result[.cpuTotal] *= ratio; return result }
            }
            return sampledRound
        }
        let outlier = (1...10).map { sampled(Self.round($0, windowed: { Self.wobble($0, 1, spread: 0.01) }), candidateRatios: [1, 1.02, 1.4]) }
        #expect(PairedJudge.judge(rounds: outlier, instructions: nil).allSatisfy { $0.verdict == .withinNoise })
        let slow = (1...10).map { sampled(Self.round($0, windowed: { _ in 1.05 }), candidateRatios: [1.02, 1.4, 1]) }
        let windowed = PairedJudge.judge(rounds: slow, instructions: nil).filter { $0.setting == "windowed w=4" }
        #expect(windowed.count == 4 && windowed.allSatisfy { $0.verdict == .regressed && abs(($0.change ?? 0) - 0.05) < 1e-9 }, "\(windowed)")
    }

    @Test("the t interval covers a known mean as often as its level says: 95% of 2,000 samples of 10 normal draws")
    func intervalCoverage() {
        var generator = SplitMix64(seed: 42)
        var covered = 0
        for _ in 0..<2000 {
            // Box–Muller: log ratios ~ N(0.03, 0.05²).
            let logs = (0..<10).map { _ -> Double in
                let u = (Double(generator.next() >> 11) + 0.5) / 0x1p53, v = Double(generator.next() >> 11) / 0x1p53
                return 0.03 + 0.05 * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
            }
            let change = PairedChange(logRatios: logs, confidence: 0.95)!
            if change.interval.lower <= exp(0.03) - 1 && exp(0.03) - 1 <= change.interval.upper { covered += 1 }
        }
        #expect((1860...1940).contains(covered), "covered \(covered) of 2000")
    }

    @Test("too few rounds, a case the base lacks, and a count missing on one side: not judged, new, not judged")
    func unjudged() {
        let two = PairedJudge.judge(rounds: [Self.round(1, windowed: { _ in 1 }), Self.round(2, windowed: { _ in 1 })], instructions: nil)
        #expect(two.filter { !$0.gif.hasPrefix(Comparison.allGIFs) }.allSatisfy { $0.verdict == .unjudged })
        var extra = Self.round(1, windowed: { _ in 1 })
        extra.candidate = Self.round(1, windowed: { _ in 1 }, gifs: ["a", "b", "c", "d"]).candidate
        let rounds = [extra] + (2...4).map { Self.round($0, windowed: { _ in 1 }) }
        #expect(PairedJudge.judge(rounds: rounds, instructions: nil).filter { $0.gif == "d" }.allSatisfy { $0.verdict == .new })

        var counts = Self.round(1, windowed: { _ in 1 })
        for index in counts.base.results.indices { counts.base.results[index][.instructions] = 1e8 }
        for index in counts.candidate.results.indices where counts.candidate.results[index].benchCase.gif != "b" {
            counts.candidate.results[index][.instructions] = 1e8
        }
        let judged = PairedJudge.judge(rounds: [], instructions: counts).filter { $0.metric == .measure(.instructions) }
        #expect(judged.filter { $0.gif == "b" }.allSatisfy { $0.verdict == .unjudged && ($0.note ?? "").contains("the candidate") })
        #expect(judged.filter { $0.gif == "a" }.allSatisfy { $0.verdict == .withinNoise })
        var outcome = Gate.compare(baseline: counts.base, current: counts.candidate)
        outcome.comparisons += judged
        #expect(outcome.passed)
        outcome.strict = true
        #expect(!outcome.passed && outcome.causes.contains { $0.contains("b · eager: instructions not judged") }, "\(outcome.causes)")
    }

    @Test("a report short of its own plan, one repetition missing, is incomplete and fails the gate")
    func planShortfall() {
        let full = Self.round(1, windowed: { _ in 1 }).base
        var planned = full
        planned.metadata.plan = RunPlan(cases: 6, repetitions: 1)
        #expect(Gate.compare(baseline: full, current: planned).passed)
        planned.metadata.plan = RunPlan(cases: 6, repetitions: 2)
        let short = Gate.compare(baseline: full, current: planned)
        #expect(!short.passed)
        #expect(short.causes.first == "the current run is incomplete: a · eager: 1 of 2 repetitions", "\(short.causes)")
        planned.metadata.plan = RunPlan(cases: 7, repetitions: 1)
        #expect(Gate.compare(baseline: full, current: planned).causes == ["the current run is incomplete: 6 of 7 planned cases"])
    }

    @Test("a windowed decoder planted with 2 extra LZW decodes per 100 frames counts more than 0.5% more instructions under Callgrind; the same build twice does not",
          .enabled(if: InstructionCounter.executableOnPath("valgrind") != nil, "valgrind is not installed: apt-get install -y valgrind"))
    func plantedInstructions() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let counter = try InstructionCounter.prepare(child: child, timeout: 300)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-paired-\(getpid()).gif").path
        try Data(SyntheticCorpus.gif(for: SyntheticCorpus.spec(named: "short-320x240x100")!)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func report(_ extraWork: Double) throws -> RunReport {
            var result = CaseResult(benchCase: BenchCase(gif: "short", path: path, decoder: .windowed(.frames(4)), loops: 1, extraWorkPerFrame: extraWork))
            result.frames = 100
            result[.instructions] = Double(try counter.count(result.benchCase).get())
            return RunReport(metadata: RunMetadata.current(command: "test"), results: [result])
        }
        let base = try report(0), again = try report(0), planted = try report(0.02)
        let clean = PairedJudge.judge(rounds: [], instructions: PairedRound(base: base, candidate: again))
        #expect(clean.map(\.verdict) == [.withinNoise], "\(clean.map { "\($0.change ?? 0)" })")
        let caught = PairedJudge.judge(rounds: [], instructions: PairedRound(base: base, candidate: planted))
        #expect(caught.map(\.verdict) == [.regressed], "\(caught.map { "\($0.change ?? 0)" })")
        #expect((caught.first?.change ?? 0) > 0.005)
    }


    /// A scratch folder holding a copy of the fixture GIF (`fire.gif`) and `baseline.json`, a baseline of it saved by a
    /// real run (its report in `run/`). The caller removes the folder.
    static func savedBaseline(decoders: String = "eager") throws -> (folder: String, gif: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-paired-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let gif = folder + "/fire.gif"
        try FileManager.default.copyItem(atPath: ChildBinary.fixtureGIF, toPath: gif)
        let saved = try BenchProgram.run(["run", "--gif", gif, "--decoders", decoders, "--repetitions", "1", "--out", folder + "/run",
                                          "--save-baseline", folder + "/baseline.json"])
        #expect(saved.status == 0, "\(saved.errors)")
        return (folder, gif)
    }

    @Test("a gate shows its progress on stderr, round by round with elapsed and left, and states what it could have caught")
    func progressAndResolution() throws {
        let (folder, gif) = try Self.savedBaseline()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This build paired with itself: the base is the same program.
        let bench = try #require(ChildBinary.program("bench"))
        let gate = try BenchProgram.run(["gate", "--base-bench", bench, "--baseline", folder + "/baseline.json", "--gif", gif, "--decoders", "eager",
                                         "--rounds", "3", "--allow-unjudged", "--out", folder + "/gate", "--summary", folder + "/summary.md"])
        #expect(gate.status == 0, "\(gate.errors)")
        for round in 1...3 {
            #expect(gate.errors.contains("round \(round)/3 done · \(round * 2) of 6 steps done, "), "\(gate.errors)")
        }
        #expect(gate.errors.contains(" elapsed, ") && gate.errors.contains(" left"), "\(gate.errors)")
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        let full = try String(contentsOfFile: folder + "/gate/gate.md", encoding: .utf8)
        for text in [summary, full] {
            #expect(text.contains("Smallest regression each judged figure could have caught here"), "\(text)")
        }
        #expect(full.contains("| smallest caught |"))
    }

    @Test("a base that cannot read WebP (one from before it): the candidate plays the WebP alone, the gate says so in one line, and its cases are new (issue 51)")
    func baseBeforeWebP() throws {
        let (folder, gif) = try Self.savedBaseline()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let webp = folder + "/pillow-lossy.webp"
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("webp/pillow-lossy.webp").path, toPath: webp)
        // This build as a base from before WebP: any command naming a .webp fails as such a base's does.
        let bench = try #require(ChildBinary.program("bench"))
        let old = folder + "/old-bench"
        try Data("""
            #!/bin/sh
            for argument in "$@"; do
              case "$argument" in *.webp) echo "error: $argument: not a GIF file" >&2; exit 2 ;; esac
            done
            exec '\(bench)' "$@"
            """.utf8).write(to: URL(fileURLWithPath: old))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old)
        let gate = try BenchProgram.run(["gate", "--base-bench", old, "--baseline", folder + "/baseline.json", "--gif", gif, "--gif", webp,
                                         "--decoders", "eager", "--rounds", "3", "--allow-unjudged", "--out", folder + "/gate"])
        #expect(gate.status == 0, "\(gate.errors)")
        let said = gate.errorLines.filter { $0.contains("cannot play pillow-lossy.webp") }
        #expect(said.count == 1 && said.first?.contains("not a GIF file") == true, "\(gate.errorLines)")
        #expect(gate.errors.contains("round 3/3 done · 9 of 9 steps done"), "\(gate.errors)")
        let candidate = try BaselineFile.load(folder + "/gate/candidate.json", role: "candidate")
        let base = try BaselineFile.load(folder + "/gate/base.json", role: "base")
        #expect(candidate.results.filter { $0.benchCase.gif == "pillow-lossy.webp" }.count == 3)
        #expect(base.results.allSatisfy { $0.benchCase.gif == "fire" } && base.results.count == 3)
        let full = try String(contentsOfFile: folder + "/gate/gate.md", encoding: .utf8)
        // Each of the WebP's sections: every verdict row says new.
        let sections = full.components(separatedBy: "\n## ").filter { $0.hasPrefix("pillow-lossy.webp · ") }
        let verdicts = sections.flatMap { $0.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| metric") } }
        #expect(sections.count == 1 && verdicts.count == 2 && verdicts.allSatisfy { $0.contains(" | new") }, "\(sections)")
        #expect(full.contains("pillow-lossy.webp the base cannot play: played by the candidate alone, new, not judged"), "\(full.prefix(800))")
    }

    @Test("bench gate refuses, in one line with exit 2: a base that is not a commit, a baseline naming a branch, a base whose reports cannot be read, a dirty base, a folder to confirm against that no gate wrote, a flag it sets itself; --gate-times auto and a baseline saved with a test knob are refused too")
    func refusals() throws {
        let (folder, gif) = try Self.savedBaseline()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = ["--baseline", folder + "/baseline.json", "--gif", gif, "--decoders", "eager", "--rounds", "3", "--out", folder + "/gate"]

        let notACommit = try BenchProgram.run(["gate", "--base", "no-such-revision-\(getpid())"] + suite, in: Fixtures.packageRoot.path)
        #expect(notACommit.status == 2 && notACommit.errorLines.count == 1, "\(notACommit.errorLines)")
        #expect(notACommit.errorLines.first?.contains("is not a commit of") == true, "\(notACommit.errorLines)")

        let dirty = try BenchProgram.run(["gate", "--base", "768f7bf8d46d-dirty"] + suite, in: Fixtures.packageRoot.path)
        #expect(dirty.status == 2 && dirty.errorLines.first?.contains("uncommitted changes") == true, "\(dirty.errorLines)")

        // A baseline that records a branch, not a hash: its base would move with the branch.
        let savedText = try String(contentsOfFile: folder + "/baseline.json", encoding: .utf8)
        let onBranch = try #require(savedText.range(of: #""git_commit" : "[^"]*""#, options: .regularExpression), "no git_commit in \(savedText.prefix(400))")
        try savedText.replacingCharacters(in: onBranch, with: #""git_commit" : "main""#).write(toFile: folder + "/branch.json", atomically: true, encoding: .utf8)
        let branch = try BenchProgram.run(["gate", "--baseline", folder + "/branch.json", "--gif", gif, "--decoders", "eager", "--rounds", "3",
                                           "--out", folder + "/branch-gate"])
        #expect(branch.status == 2 && branch.errorLines.count == 1, "\(branch.errorLines)")
        #expect(branch.errorLines.first?.contains("'main' as its commit, not a commit hash") == true, "\(branch.errorLines)")

        // A base whose `bench run` writes a report of another schema: too old (or too new) to pair with.
        let foreign = folder + "/foreign-bench"
        try Data("""
            #!/bin/sh
            while [ "$1" != "--out" ]; do shift; done
            mkdir -p "$2" && printf '{"schema": "gif-frame-bench-report/0", "rows": []}' > "$2/results.json"
            """.utf8).write(to: URL(fileURLWithPath: foreign))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: foreign)
        let unreadable = try BenchProgram.run(["gate", "--base-bench", foreign] + suite)
        let unreadableErrors = unreadable.errorLines.filter { $0.contains("error:") }
        #expect(unreadable.status == 2 && unreadableErrors.count == 1, "\(unreadable.errorLines)")
        #expect(unreadableErrors.first?.contains("writes reports this bench cannot read") == true, "\(unreadable.errorLines)")

        // --build-base stops once the base is at hand (here a given program): its path printed, nothing played or written.
        let prepared = try BenchProgram.run(["gate", "--build-base", "--base-bench", foreign] + suite.dropLast(2) + ["--out", folder + "/prepared"])
        #expect(prepared.status == 0 && prepared.output == foreign + "\n", "\(prepared.errorLines)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/prepared"))

        let unconfirmable = try BenchProgram.run(["gate", "--confirm", folder + "/no-gate-here"] + suite)
        #expect(unconfirmable.status == 2 && unconfirmable.errorLines.count == 1
                && unconfirmable.errorLines.first?.contains("no regressions.tsv there") == true, "\(unconfirmable.errorLines)")

        let ownFlag = try BenchProgram.run(["gate", "--repetitions", "3"] + suite)
        #expect(ownFlag.status == 2 && ownFlag.errorLines.first?.contains("does not take --repetitions") == true, "\(ownFlag.errorLines)")

        let auto = try BenchProgram.run(["compare", "--baseline", folder + "/baseline.json", "--current", folder + "/run/results.json", "--gate-times", "auto"])
        #expect(auto.status == 2 && auto.errorLines.count == 1 && auto.errorLines.first?.contains("auto was removed") == true, "\(auto.errorLines)")

        let knob = try BenchProgram.run(["run", "--gif", gif, "--slow-windowed", "1", "--save-baseline", folder + "/knob.json", "--out", folder + "/knob"])
        #expect(knob.status == 2 && knob.errorLines.first?.contains("refuses a run with a test knob") == true, "\(knob.errorLines)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/knob.json"))
    }

    @Test("a base build stopped by SIGTERM stops its compilers, removes its folder and exits 3 (issue 47)")
    func baseBuildStopped() throws {
        let root = Fixtures.packageRoot.path
        let head = try BenchProgram.run([], shell: "git -C '\(root)' -c core.fsmonitor=false rev-parse HEAD")
        let commit = head.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard head.status == 0, commit.count == 40 else { return }  // not a checkout: no history to build from
        let folder = root + "/.build/paired/" + commit.prefix(12)
        guard !FileManager.default.fileExists(atPath: folder + "/built") else { return }  // a finished build is reused, not built
        let bench = try #require(ChildBinary.program("bench"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-base-build-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let saved = try BenchProgram.run(["run", "--gif", ChildBinary.fixtureGIF, "--decoders", "eager", "--repetitions", "1", "--out", out,
                                          "--save-baseline", out + "/baseline.json"])
        #expect(saved.status == 0, "\(saved.errors.suffix(300))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = ["gate", "--build-base", "--base", commit, "--baseline", out + "/baseline.json", "--gif", ChildBinary.fixtureGIF]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the compilers are running.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, Self.processes(mentioning: folder).isEmpty, process.isRunning { Thread.sleep(forTimeInterval: 0.2) }
        #expect(!Self.processes(mentioning: folder).isEmpty, "the base build never started")
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(Date().timeIntervalSince(sent) < 15, "stopping took \(Date().timeIntervalSince(sent)) s")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.processes(mentioning: folder).isEmpty, "left running: \(Self.processes(mentioning: folder))")
        #expect(!FileManager.default.fileExists(atPath: folder), "the unfinished build's folder was left")
    }

    /// Processes whose command line mentions `text`, as `pid: command`.
    static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { Int32($0) != nil && Int32($0) != getpid() }.compactMap { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return nil }
            let command = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return command.contains(text) ? "\(id): \(command.prefix(120))" : nil
        }
    }

    @Test("a baseline file holding a planted row is refused as untrustworthy")
    func plantedBaseline() throws {
        var report = Self.round(1, windowed: { _ in 1 }).base
        report.results[1].benchCase.plantedLeakBytes = 1 << 20
        #expect(report.baselineDefects().contains { $0.contains("test knob") })
        #expect(throws: UsageError.self) { try BaselineFile.save(report, to: "/nonexistent/never-written.json") }
    }
}
