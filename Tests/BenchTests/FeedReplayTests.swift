import BenchCore
import Playback
import BenchReplay
import CaseModel
import FrameDecoders
import Foundation
import Testing

/// A feed replayed on a virtual clock: its players share the feed's pool of decode slots, and a decoder is built in
/// that pool when its player enters. Each figure is worked out by hand from the costs and the GIF's delays (10
/// frames of 100 ms, a 60 Hz link).
@Suite struct FeedReplayTests {
    static let path = "replay-16x16x10.gif"

    static func feed(_ decoder: DecoderChoice, players: Int, poolWidth: Int, seconds: Double = 2) -> FeedCase {
        FeedCase(model: "\(decoder)", gifs: [FeedGIF(name: "replay-16x16x10", path: path, decoder: decoder)], players: players,
                 seconds: seconds, poolWidth: poolWidth)
    }

    static func play(_ feed: FeedCase, cost: Double) throws -> FeedObservation {
        let trace = ReplayTests.trace(cost, loops: 3)
        return try #require(try FeedReplay.play(feed, containers: [path: ReplayTests.gif], traces: [path: trace])).observation
    }

    /// Two window-1 players whose decodes cost 60 ms each need 120 ms of decoding per 100 ms frame: a pool one
    /// wide cannot keep up and they stall; two wide, each player's queue keeps up on its own.
    @Test func playersShareThePool() throws {
        let narrow = try Self.play(Self.feed(.windowed(.frames(1)), players: 2, poolWidth: 1), cost: 0.06)
        let wide = try Self.play(Self.feed(.windowed(.frames(1)), players: 2, poolWidth: 2), cost: 0.06)
        #expect(narrow.players.count == 2 && wide.players.count == 2)
        #expect(narrow.players.map(\.stalls).reduce(0, +) > 0, "two players kept up through a pool of one")
        #expect(wide.players.map(\.stalls).reduce(0, +) == 0)
        #expect(wide.players.allSatisfy { $0.heldFramesMax == 1 })
    }

    /// An eager player's decoder is built in the pool when it enters (10 frames of 30 ms: 300 ms): with a pool one
    /// wide, the second player's build waits for the first's, so its first frame comes about 600 ms in; two wide,
    /// both come about 300 ms in.
    @Test func decodersAreBuiltInThePool() throws {
        let narrow = try Self.play(Self.feed(.eager, players: 2, poolWidth: 1), cost: 0.03)
        let wide = try Self.play(Self.feed(.eager, players: 2, poolWidth: 2), cost: 0.03)
        let narrowFirst = narrow.players.compactMap(\.firstFrameSeconds).sorted()
        let wideFirst = wide.players.compactMap(\.firstFrameSeconds).sorted()
        #expect(narrowFirst.count == 2 && wideFirst.count == 2)
        // Each at the first 60 Hz tick at or after the build's end.
        #expect(narrowFirst.first.map { $0 >= 0.3 - 1e-9 && $0 < 0.3 + 1.0 / 60 + 1e-9 } == true, "\(narrowFirst)")
        #expect(narrowFirst.last.map { $0 >= 0.6 - 1e-9 && $0 < 0.6 + 1.0 / 60 + 1e-9 } == true, "\(narrowFirst)")
        #expect(wideFirst.allSatisfy { $0 >= 0.3 - 1e-9 && $0 < 0.3 + 1.0 / 60 + 1e-9 }, "\(wideFirst)")
        #expect(narrow.players.allSatisfy { $0.stalls == 0 && $0.heldFramesMax == 10 })
    }

    /// The pool grants the earliest time a slot is free for the whole decode, and fits a request named for an
    /// earlier time between the grants it does not overlap.
    @Test func poolGrantsTheEarliestFreeSlot() {
        let clock = VirtualClock()
        let pool = VirtualDecodePool(width: 2, clock: clock)
        let first = pool.grant(from: 0, cost: 1).start
        let second = pool.grant(from: 0, cost: 1).start
        let third = pool.grant(from: 0, cost: 1).start
        #expect(first == 0 && second == 0 && third == 1)
        // At 0.5 both slots are busy until 1; from 1 one slot is free (the third decode holds the other) until 2.
        #expect(pool.grant(from: 0.5, cost: 0.2).start == 1)
        #expect(pool.tasks == 4 && pool.maxRunning == 2)
    }
}
