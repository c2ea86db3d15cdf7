import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import Testing
import TestFixtures

/// Issue 17, shards: `--shard i/n` parts are disjoint, cover the suite, and merge into what an unsharded run reports;
/// `bench merge` refuses parts that do not belong together.
@Suite("Shards and merge", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct ShardTests {
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-shards-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path + "/gifs", withIntermediateDirectories: true)
        for name in ["emoji-64x64x24", "sticker-240x240x60", "short-320x240x100", "restore-previous-300x300x90"] {
            try? BenchProgram.writeSynthetic(name, to: path + "/gifs/\(name).gif")
        }
        return path
    }()

    static func run(_ out: String, _ extra: [String] = []) throws -> Int32? {
        BenchProgram.inProcess(["run", "--gif", directory + "/gifs", "--quick", "--repetitions", "1", "--out", directory + "/" + out] + extra).status
    }

    static func results(_ out: String) throws -> [CaseResult] {
        try BenchProgram.report(in: directory + "/" + out).results
    }

    /// What makes two runs' rows the same case with the same frames.
    static func rows(_ results: [CaseResult]) -> [String] {
        results.map { "\($0.benchCase.identity.stableName)|\($0.benchCase.repetition)|\($0.framesHash)" }.sorted()
    }

    @Test("three shards are disjoint, cover every case, and merge into the unsharded run's cases and frames; bad merges are refused")
    func threeShards() throws {
        #expect(try Self.run("whole") == 0)
        // The run records what the parent itself cost (issue 17's overhead figures come from it).
        let whole = try BenchProgram.report(in: Self.directory + "/whole")
        let parent = try #require(whole.metadata.parent)
        #expect(parent.cases == whole.results.count && parent.cpuSeconds > 0 && parent.peakResidentBytes > 1 << 20)
        for index in 1...3 { #expect(try Self.run("part\(index)", ["--shard", "\(index)/3"]) == 0) }
        let parts = try (1...3).map { try Self.results("part\($0)") }
        let gifSets = parts.map { Set($0.map(\.benchCase.gif)) }
        #expect(gifSets.allSatisfy { !$0.isEmpty })
        #expect(gifSets[0].isDisjoint(with: gifSets[1]) && gifSets[0].isDisjoint(with: gifSets[2]) && gifSets[1].isDisjoint(with: gifSets[2]))
        #expect(Self.rows(parts.flatMap { $0 }) == Self.rows(try Self.results("whole")))

        let dirs = (1...3).map { Self.directory + "/part\($0)" }
        let merged = BenchProgram.inProcess(["merge"] + dirs + ["--out", Self.directory + "/merged"])
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(Self.rows(try Self.results("merged")) == Self.rows(try Self.results("whole")))
        // The merged report says which `bench run` played its rows, and any command it suggests is that one's.
        let mergedReport = try BenchProgram.report(in: Self.directory + "/merged")
        let playedBy = try #require(mergedReport.metadata.playedBy)
        #expect(playedBy.hasPrefix("bench run") && !playedBy.contains("--shard") && !playedBy.contains("--out"), "\(playedBy)")
        // A merged report whose GIFs were played in throughput mode alone suggests the shards' run in real time.
        var eagerOnly = mergedReport
        eagerOnly.results = eagerOnly.results.filter { $0.benchCase.decoder == .eager }.map { var row = $0; row.frameCosts = nil; return row }
        let suggestion = AnswerTable.render(eagerOnly).joined(separator: "\n")
        #expect(suggestion.contains("run: `\(playedBy) --mode realtime`"), "\(suggestion)")
        #expect(!suggestion.contains("bench merge"), "\(suggestion)")

        try HostilePathTests.expectRefusal(["merge", dirs[0], dirs[1], "--out", Self.directory + "/m2"], "shard 3/3 is missing")
        try HostilePathTests.expectRefusal(["merge", dirs[0], dirs[0], dirs[1], dirs[2], "--out", Self.directory + "/m3"], "shard 1/3 is given twice")
        try HostilePathTests.expectRefusal(["merge", Self.directory + "/whole", "--out", Self.directory + "/m4"], "is not a shard's report")
        #expect(try Self.run("other3", ["--shard", "3/3", "--loops", "2"]) == 0)
        try HostilePathTests.expectRefusal(["merge", dirs[0], dirs[1], Self.directory + "/other3", "--out", Self.directory + "/m5"],
                                           "is a shard of another suite")
        try HostilePathTests.expectRefusal(["run", "--shard", "4/3"], "--shard takes i/n with 1 ≤ i ≤ n ≤ 1000")

        // A shard edited to hold another shard's GIF too: overlapping, refused (issue 47).
        let partTwo = try String(contentsOfFile: dirs[1] + "/results.json", encoding: .utf8)
        let stolen = try #require(gifSets[0].sorted().first)
        let gifsKey = try #require(partTwo.range(of: #""gifs" : ["#))
        try Self.copy(partTwo.replacingCharacters(in: gifsKey, with: #""gifs" : ["\#(stolen)", "#), to: "overlapping2")
        try HostilePathTests.expectRefusal(["merge", dirs[0], Self.directory + "/overlapping2", dirs[2], "--out", Self.directory + "/m6"],
                                           "both hold \(stolen): overlapping shards")

        // A shard played by bench built from another commit: refused unless asked (issue 47).
        let partThree = try String(contentsOfFile: dirs[2] + "/results.json", encoding: .utf8)
        let commit = try #require(partThree.range(of: #""git_commit" : "[^"]*""#, options: .regularExpression))
        try Self.copy(partThree.replacingCharacters(in: commit, with: #""git_commit" : "0123456789ab""#), to: "other-build3")
        let mixed = [dirs[0], dirs[1], Self.directory + "/other-build3"]
        try HostilePathTests.expectRefusal(["merge"] + mixed + ["--out", Self.directory + "/m7"], "was played by bench built from 0123456789ab")
        let allowed = BenchProgram.inProcess(["merge"] + mixed + ["--out", Self.directory + "/m8", "--allow-mixed-builds"])
        #expect(allowed.status == 0, "\(allowed.errors)")

        // The merged report is published with its exports, as a run's is: one written, one that cannot be (exit 3).
        let bmf = Self.directory + "/merged.bmf.json"
        let exported = BenchProgram.inProcess(["merge"] + dirs + ["--out", Self.directory + "/m10", "--export-bmf", bmf])
        #expect(exported.status == 0, "\(exported.errors)")
        #expect(try String(contentsOfFile: bmf, encoding: .utf8).hasPrefix("{"))
        let full = BenchProgram.inProcess(["merge"] + dirs + ["--out", Self.directory + "/m11", "--export-bmf", "/dev/full"])
        #expect(full.status == 3 && full.errors.contains("--export-bmf /dev/full was not written"), "\(full.errors)")

        // A shard that was interrupted: the merge is written, marked incomplete, and exits 3 with the line saying why.
        let partOne = try String(contentsOfFile: dirs[0] + "/results.json", encoding: .utf8)
        #expect(partOne.contains("\"incomplete\" : false"))
        try Self.copy(partOne.replacingOccurrences(of: "\"incomplete\" : false", with: "\"incomplete\" : true"),
                      to: "cut1")
        let cut = BenchProgram.inProcess(["merge", Self.directory + "/cut1", dirs[1], dirs[2],
                                          "--out", Self.directory + "/m9"])
        #expect(cut.status == 3 && cut.errors.contains("a shard was interrupted: the report holds the "),
                "\(cut.errors)")
        #expect(try BenchProgram.report(in: Self.directory + "/m9").incomplete)
    }

    /// `text` as a shard report of its own, in a folder without a manifest (an edited report, not a torn one).
    static func copy(_ text: String, to name: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true)
        try text.write(toFile: directory + "/" + name + "/results.json", atomically: true, encoding: .utf8)
    }

    @Test("GIFs are dealt by expected cost: the largest first, each to the lightest shard; the deal is the same every time")
    func dealing() {
        let cases = ["a", "b", "c", "d"].map { BenchCase(gif: $0, path: "/\($0)", decoder: .eager, loops: 1) }
        let facts: [String: (frameBytes: Int, frameCount: Int)] = ["a": (100, 10), "b": (100, 6), "c": (100, 4), "d": (100, 1)]
        let deal = Shard.deal(cases, facts: facts, into: 2)
        #expect(deal == [["a", "d"], ["b", "c"]])  // a 1000; b 600, then c 400 on the lighter shard; d 100 on the first of two equals
        #expect(Shard.deal(cases, facts: facts, into: 2) == deal)
        #expect(Shard.deal(cases, facts: facts, into: 5).filter(\.isEmpty).count == 1)
    }
}
