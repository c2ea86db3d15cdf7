import BenchPlan
import BenchVerdicts
import Testing

/// `bench gate --confirm`: a gate run again before failing fails on a regression in time only where the first gate
/// found the same one; everything else fails as it is.
@Suite("Gate run again")
struct GateConfirmationTests {
    @Test("run again, a gate fails on a time regression only where the first found it too; instruction regressions fail as they are")
    func confirmation() throws {
        // The windowed decoder 5% slower on every GIF: its time regressed in each of a, b, c and over all three.
        let slow = (1...10).map { round in PairedGateTests.round(round, windowed: { 1.05 * PairedGateTests.wobble($0, round, spread: 0.02) }) }
        let timed = PairedJudge.judge(rounds: slow, instructions: nil)
        // And 10% more instructions in every case (six, and over all GIFs for each setting).
        var counts = PairedGateTests.round(1, windowed: { _ in 1 })
        for index in counts.base.results.indices { counts.base.results[index][.instructions] = 1e8 }
        for index in counts.candidate.results.indices { counts.candidate.results[index][.instructions] = 1.1e8 }
        let counted = PairedJudge.judge(rounds: [], instructions: counts).filter { $0.metric == .measure(.instructions) }
        var outcome = Gate.compare(baseline: counts.base, current: counts.base)
        outcome.comparisons += timed + counted
        let inTime = outcome.regressions.filter { $0.metric == .measure(.cpuTotal) }
        let inCounts = outcome.regressions.filter { $0.metric == .measure(.instructions) }
        #expect(inTime.count == 4 && inCounts.count == 8, "\(outcome.causes)")

        // The first gate found a's regressions only; its records go through the file as a gate writes and reads them.
        let file = RegressionRecord.render(outcome.regressionRecords.filter { $0.gif == "a" })
        let first = try RegressionRecord.parse(file, source: "first/regressions.tsv")
        let confirmed = outcome.confirmed(by: first, source: "first")
        #expect(confirmed.regressions.filter { $0.metric == .measure(.cpuTotal) }.map(\.gif) == ["a"], "\(confirmed.causes)")
        #expect(confirmed.regressions.filter { $0.metric == .measure(.instructions) }.count == 8)
        let unconfirmed = confirmed.comparisons.filter { ($0.note ?? "").contains("not in first: unconfirmed") }
        #expect(unconfirmed.count == 3 && unconfirmed.allSatisfy { $0.verdict == .withinNoise })
        #expect(!confirmed.passed)

        // Nothing found the first time: only the counts fail.
        let alone = outcome.confirmed(by: [], source: "first")
        #expect(alone.regressions.count == 8 && alone.regressions.allSatisfy { $0.metric == .measure(.instructions) })
    }

    @Test("a regressions file that is not a gate's is refused in one line naming it")
    func badFile() {
        #expect(throws: UsageError.self) { try RegressionRecord.parse("gif,setting,metric\n", source: "x") }
        #expect(throws: UsageError.self) { try RegressionRecord.parse("gif\tsetting\tmetric\na\twindowed w=4\n", source: "x") }
        #expect((try? RegressionRecord.parse("gif\tsetting\tmetric\n", source: "x"))?.isEmpty == true)
    }

    /// A GIF's name may hold a tab, a newline or a backslash: the file a gate writes still reads back as it was
    /// written, so --confirm takes it (issue 47: a tab made the file unreadable, exit 2 instead of 1).
    @Test func oddNamesRoundTrip() throws {
        let records = [RegressionRecord(gif: "a\tb", setting: "windowed w=4", metric: "cpu_total_s"),
                       RegressionRecord(gif: "line\nbreak\\t", setting: "eager", metric: "cpu_total_s"),
                       RegressionRecord(gif: "plain", setting: "eager", metric: "instructions")]
        let text = RegressionRecord.render(records)
        #expect(text.split(separator: "\n").count == 4, "one line a record: \(text)")
        #expect(try RegressionRecord.parse(text, source: "x") == Set(records))
    }
}
