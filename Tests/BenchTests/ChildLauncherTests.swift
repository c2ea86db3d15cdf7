import BenchRunning
import CaseModel
import Foundation
import Synchronization
import TestFixtures
import Testing

/// A launcher that starts nothing: it answers every request with one scripted outcome and keeps the arguments it got.
final class ScriptedLauncher: ChildLauncher {
    let outcome: ChildOutcome
    let requests = Mutex<[[String]]>([])

    init(_ outcome: ChildOutcome) { self.outcome = outcome }

    func launch(_ arguments: [String], timeout: Double, shouldStop: () -> Bool) throws(ChildStartError) -> ChildOutcome {
        requests.withLock { $0.append(arguments) }
        return outcome
    }
}

/// The parent's side of a case, through a launcher that starts no process: how a reply, a crash, a timeout, a bad
/// exit or a reply of the other kind becomes a row. A real child's side is what the other suites test.
@Suite("The parent's reading of a child, without a process")
struct ChildLauncherTests {
    static let benchCase = BenchCase(gif: "short", path: "/nonexistent/short.gif", decoder: .eager, loops: 1, repetition: 1)

    static func run(_ outcome: ChildOutcome, pinned: String? = nil) -> (CaseResult, ScriptedLauncher) {
        let launcher = ScriptedLauncher(outcome)
        var runner = CaseRunner(launcher: launcher, timeout: 7)
        if let pinned { runner.pinnedBytes = ["short": pinned] }
        return (runner.run(benchCase), launcher)
    }

    static func reply(_ reply: ChildReply) throws -> Data { Data(try JSONWriter.encode(reply).utf8) }

    @Test("a reply becomes the case's row, and the request is the case's own arguments")
    func reply() throws {
        var played = CaseResult(benchCase: Self.benchCase)
        played.gifBytesHash = "abc"
        let (result, launcher) = Self.run(ChildOutcome(standardOutput: try Self.reply(.played(result: played))))
        #expect(result.failure == nil)
        #expect(result.benchCase == Self.benchCase && result.gifBytesHash == "abc")
        #expect(launcher.requests.withLock { $0 } == [Self.benchCase.arguments])
    }

    @Test("a crash, a timeout, a bad exit, an interruption and a reply of the other kind each become one line")
    func failures() throws {
        let feed = FeedCase(model: "feed", gifs: [], players: 1, seconds: 1)
        let cases: [(ChildOutcome, String)] = [
            (ChildOutcome(exitStatus: nil, signal: SIGSEGV), "child crashed with signal 11 (SIGSEGV)"),
            (ChildOutcome(exitStatus: nil, signal: SIGKILL, timedOut: true), "timed out after 7 s"),
            (ChildOutcome(standardError: Data("first\nbench-case: error: the GIF is gone\n".utf8), exitStatus: 2),
             "child exited with status 2: bench-case: error: the GIF is gone"),
            (ChildOutcome(exitStatus: nil, signal: SIGTERM, interrupted: true), "interrupted"),
            (ChildOutcome(standardOutput: try Self.reply(.fed(result: FeedResult(feed: feed)))),
             "the child answered with a result of another kind"),
            (ChildOutcome(standardOutput: Data("not json".utf8)), "child exited with status 0: no output"),
        ]
        for (outcome, reason) in cases {
            #expect(Self.run(outcome).0.failure == reason)
        }
    }

    @Test("a case that played other bytes than the run pinned fails, naming both hashes")
    func changedBytes() throws {
        var played = CaseResult(benchCase: Self.benchCase)
        played.gifBytesHash = "new"
        let (result, _) = Self.run(ChildOutcome(standardOutput: try Self.reply(.played(result: played))), pinned: "old")
        #expect(result.failure == "the file changed during the run: its bytes hash to new now, not old as when the run began")
    }
}

/// The in-process launcher against the program it stands in for: tests of the parent may use it only while both
/// answer alike.
@Suite("The in-process child answers as bench-case does", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct InProcessLauncherTests {
    @Test("a case: the same case, frames, frames hash and bytes hash; a check of a file that is no GIF: the same reason")
    func answersAlike() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let benchCase = BenchCase(gif: "fire", path: ChildBinary.fixtureGIF, decoder: .windowed(.frames(2)), loops: 1)
        let inProcess = CaseRunner(launcher: InProcessLauncher(), timeout: 60).run(benchCase)
        let program = CaseRunner(executable: child, timeout: 60).run(benchCase)
        #expect(inProcess.failure == nil && program.failure == nil, "\(inProcess.failure ?? "") \(program.failure ?? "")")
        #expect(inProcess.benchCase == program.benchCase && inProcess.frames == program.frames)
        #expect(inProcess.framesHash == program.framesHash && inProcess.gifBytesHash == program.gifBytesHash)
        #expect(!inProcess.framesHash.isEmpty)

        let notAGIF = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-in-process-\(getpid()).gif").path
        #expect(FileManager.default.createFile(atPath: notAGIF, contents: Data("not a gif".utf8)))
        let reason = CaseRunner(launcher: InProcessLauncher(), timeout: 60).checkPlayability(of: notAGIF, limits: .default)
        #expect(reason != nil && reason == CaseRunner(executable: child, timeout: 60).checkPlayability(of: notAGIF, limits: .default))
    }
}
