import CaseModel
import BenchPlan
import BenchRunning
import BenchCore
import FrameDecoders
import PlayerModels
import Foundation
import Testing
import TestFixtures

/// Issue 18: a feed's schedule, what leaving frees, the memory warning, and the shared pool, each read from a real
/// feed in a fresh `bench-case` child (jemalloc's global figures count every player's threads).
@Suite("Feed of players", .serialized, .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct FeedTests {
    static func file(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-feed-\(getpid())-\(name).gif").path
        if !FileManager.default.fileExists(atPath: path) {
            try BenchProgram.writeSynthetic(name, to: path)
        }
        return path
    }

    /// Plays `feed` in a child and requires it to succeed.
    static func play(_ feed: FeedCase) throws -> FeedResult {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let result = CaseRunner(executable: child, timeout: 120).run(feed)
        try #require(result.failure == nil, "\(result.failure ?? "")")
        return result
    }

    static func sticker(_ decoder: DecoderChoice) throws -> [FeedGIF] {
        [FeedGIF(name: "sticker", path: try file("sticker-240x240x60"), decoder: decoder)]
    }

    @Test("the schedule: every player enters at 0; scrolling replaces the oldest at each 1/rate; the rest leave at the end")
    func schedule() {
        let scrolled = FeedSchedule(players: 3, scrollRate: 2, seconds: 1.7).events.map { "\($0.kind.rawValue) \($0.player) @\($0.seconds)" }
        #expect(scrolled == ["enter 0 @0.0", "enter 1 @0.0", "enter 2 @0.0",
                             "leave 0 @0.5", "enter 3 @0.5", "leave 1 @1.0", "enter 4 @1.0", "leave 2 @1.5", "enter 5 @1.5",
                             "leave 3 @1.7", "leave 4 @1.7", "leave 5 @1.7"])
        let still = FeedSchedule(players: 2, scrollRate: 0, seconds: 3).events.map { "\($0.kind.rawValue) \($0.player) @\($0.seconds)" }
        #expect(still == ["enter 0 @0.0", "enter 1 @0.0", "leave 0 @3.0", "leave 1 @3.0"])
        #expect(FeedSchedule(players: 3, scrollRate: 2, seconds: 1.7).entrants == 6)
    }

    @Test("players enter and leave on schedule; a leaving player's frames are freed; nothing is left after the last leaves",
          arguments: [DecoderChoice.eager, .windowed(.frames(4))])
    func leaving(decoder: DecoderChoice) throws {
        let feed = FeedCase(model: "\(decoder)", gifs: try Self.sticker(decoder), players: 2, scrollRate: 2, seconds: 2.2, poolWidth: 2)
        let result = try Self.play(feed)
        let planned = feed.schedule.events
        #expect(result.events.map(\.kind) == planned.map(\.kind))
        #expect(result.events.map(\.player) == planned.map(\.player))
        let period = 1 / feed.refreshHz
        for (seen, plan) in zip(result.events, planned) {
            // Applied at the first display tick at or after its time; a loaded machine may delay that tick a little.
            #expect(seen.seconds >= plan.seconds - 1e-6 && seen.seconds <= plan.seconds + period + 0.25,
                    "\(plan.kind) of player \(plan.player) planned at \(plan.seconds) s came at \(seen.seconds) s")
        }
        let leaves = result.events.filter { $0.kind == .leave }
        #expect(leaves.count == 6)
        for leave in leaves {
            let held = (leave.heldFrames ?? 0) * (leave.frameBytes ?? 0)
            let freed = leave.freedBytes
            #expect(held > 0, "player \(leave.player ?? -1) held no frames as it left")
            #expect(Double(freed) >= 0.95 * Double(held), "player \(leave.player ?? -1) held \(held) B of frames but leaving freed \(freed) B")
        }
        #expect(abs(result.retainedAfterLeave) < 256 << 10, "\(result.retainedAfterLeave) B left after every player left")
        #expect(result.players.count == 6 && result.players.allSatisfy { $0.framesShown > 0 })
    }

    @Test("a player that asks for nothing at set-up and drops late frames still starts: its first frame is asked")
    func lazyPlayerStarts() throws {
        let lazy = PlayerDescription(name: "lazy", frames: .count(3), asks: .everyDue, frees: .previous,
                                     whenMissing: .drop)
        let decoder = DecoderChoice.described(lazy, count: 3)
        let feed = FeedCase(model: "lazy", gifs: try Self.sticker(decoder), players: 2, scrollRate: 0, seconds: 1.5,
                            poolWidth: 2)
        let result = try Self.play(feed)
        #expect(result.players.count == 2 && result.players.allSatisfy { $0.framesShown > 0 },
                "\(result.players.map(\.framesShown)) frames shown")
    }

    @Test("a memory warning reaches every player on screen, and each answers as its library does")
    func warning() throws {
        let feed = FeedCase(model: "sdwebimage", gifs: try Self.sticker(.sdwebimage(maxBufferCount: 60)), players: 3,
                            seconds: 2.5, poolWidth: 2, memoryWarningAt: 1.5)
        let result = try Self.play(feed)
        let warning = try #require(result.warning)
        #expect(warning.playersReached == 3)
        #expect(result.players.count == 3)
        for player in result.players {
            #expect(player.warned, "player \(player.player) did not get the warning")
            // SDWebImage empties its pool but for the frame due.
            let before = player.heldBeforeWarning ?? 0, after = player.heldAfterWarning ?? .max
            #expect(before > 2 && after <= 2, "player \(player.player) held \(before) frames before the warning and \(after) after")
        }
        #expect(warning.freedBytes > 3 * 20 * 240 * 240 * 4)
    }

    @Test("a feed's pool never runs more frames at once than its width")
    func poolWidth() throws {
        for width in [1, 3] {
            let feed = FeedCase(model: "windowed", gifs: try Self.sticker(.windowed(.frames(4))), players: 6, seconds: 1.2, poolWidth: width)
            let result = try Self.play(feed)
            #expect(result.poolWidth == width)
            #expect(result.poolMaxRunning <= width && result.poolMaxRunning >= 1, "width \(width): \(result.poolMaxRunning) ran at once")
            #expect(result.poolTasks >= 6 * 5, "width \(width): only \(result.poolTasks) frames went through the pool")
        }
    }
}

extension FeedTests {
    @Test("bad values are one line and exit 2, before anything runs or is written",
          arguments: [(["--players", "0"], "--players takes a whole number from 1 to 64"),
                      (["--players", "65"], "--players takes a whole number from 1 to 64"),
                      (["--scroll", "-1"], "--scroll takes a number from 0"),
                      (["--scroll", "fast"], "--scroll takes a number from 0"),
                      (["--memory-warning-at", "999"], "falls on or after the feed's last display tick"),
                      (["--memory-warning-at", "-2"], "--memory-warning-at takes a number"),
                      (["--pool-width", "0"], "--pool-width takes a whole number from 1 to 64"),
                      (["--policies", "gifu"], "unknown policy 'gifu'"),
                      (["--policies", "windowed:0"], "needs a window of at least 1 frame"),
                      (["--budget", "lots"], "--budget")])
    func refusals(arguments: [String], text: String) throws {
        let out = HostilePathTests.path("feed-refused")
        try HostilePathTests.expectRefusal(["feed", "--gif", HostilePathTests.gif, "--loops", "1", "--out", out] + arguments, text)
        #expect(!FileManager.default.fileExists(atPath: out), "a refused feed wrote \(out)")
    }
}
