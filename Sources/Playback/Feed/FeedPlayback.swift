import CaseModel
import FrameDecoders
import PosixThreads

/// What a feed's display link saw.
public struct FeedObservation: Sendable {
    public var events: [FeedEvent] = []
    public var players: [FeedPlayerSummary] = []
    /// CPU time of the display link's own work: waking at every tick, scheduling, and reading memory at every tick
    /// and event; the players' calls (showing frames, leaving, the warning) are timed and left out.
    public var displayLinkCPUSeconds = 0.0
    public var ticks = 0
    /// Ticks the display link missed because a tick's work overran the next one.
    public var missedTicks = 0
}

/// A feed's players on one ``DisplayLink``, the one a case plays on: applies the schedule's enters and leaves and the
/// memory warning at the first tick at or after their time, then gives every player on screen the tick.
public enum FeedPlayback {
    /// Plays `feed` on `stage` from display-link time `start`: what the display link saw.
    public static func run(_ feed: FeedCase, stage: any FeedStage, start: Double) throws -> FeedObservation {
        var observation = FeedObservation()
        let schedule = feed.schedule.events
        var link = DisplayLink(start: start, refreshHz: feed.refreshHz, clock: stage.clock)
        var pending = 0
        var onScreen: [FeedPlayer] = []
        var warningDue = feed.memoryWarningAt
        let threadCPUAtStart = ThreadCPUClock.now()
        var playersCPU = 0.0
        defer {
            for player in onScreen { _ = player.leave(at: stage.clock.now()) }
        }
        while pending < schedule.count {
            let tick = link.wait()
            let seconds = tick - start
            while pending < schedule.count, schedule[pending].seconds <= seconds + 1e-9 {
                let event = schedule[pending]
                pending += 1
                let gif = feed.gifs[event.player % feed.gifs.count]
                switch event.kind {
                case .enter:
                    onScreen.append(FeedPlayer(id: event.player, gif: gif, feed: feed,
                                               loading: stage.load(gif, player: event.player, at: tick),
                                               enteredAt: tick))
                    observation.events.append(FeedEvent(seconds: seconds, scheduledSeconds: event.seconds, kind: .enter,
                                                        player: event.player, gif: gif.name))
                    try stage.check(at: seconds)
                case .leave:
                    guard let index = onScreen.firstIndex(where: { $0.id == event.player }) else { continue }
                    let player = onScreen.remove(at: index)
                    let held = player.held
                    let before = stage.allocated()
                    let cpu = ThreadCPUClock.now()
                    observation.players.append(player.leave(at: tick))
                    playersCPU += ThreadCPUClock.now() - cpu
                    observation.events.append(FeedEvent(seconds: seconds, scheduledSeconds: event.seconds, kind: .leave,
                                                        player: event.player, gif: gif.name, allocatedBefore: before,
                                                        allocatedAfter: stage.allocated(), heldFrames: held?.frames,
                                                        frameBytes: held?.frameBytes))
                    stage.sample(at: seconds)
                case .memoryWarning:
                    break
                }
            }
            if let at = warningDue, seconds + 1e-9 >= at, !onScreen.isEmpty {
                warningDue = nil
                let before = stage.allocated()
                let cpu = ThreadCPUClock.now()
                for player in onScreen { player.memoryWarning(at: tick) }
                playersCPU += ThreadCPUClock.now() - cpu
                observation.events.append(FeedEvent(seconds: seconds, scheduledSeconds: at, kind: .memoryWarning,
                                                    allocatedBefore: before, allocatedAfter: stage.allocated(),
                                                    playersReached: onScreen.count))
            }
            let cpu = ThreadCPUClock.now()
            for player in onScreen { try player.tick(tick) }
            playersCPU += ThreadCPUClock.now() - cpu
            stage.sample(at: seconds)
            try stage.check(at: seconds)
            link.done(nextNeeded: nextNeeded(onScreen,
                                             schedule: pending < schedule.count ? start + schedule[pending].seconds : nil,
                                             warning: warningDue.map { start + $0 }))
        }
        observation.ticks = link.ticks
        observation.missedTicks = link.missedTicks
        observation.displayLinkCPUSeconds = max(0, ThreadCPUClock.now() - threadCPUAtStart - playersCPU)
        return observation
    }

    /// The earliest time anything needs a tick: a player's next frame, the next scheduled event, the warning; nil
    /// when some player needs every tick.
    private static func nextNeeded(_ players: [FeedPlayer], schedule: Double?, warning: Double?) -> Double? {
        var earliest = [schedule, warning].compactMap { $0 }.min() ?? .infinity
        for player in players {
            guard let due = player.nextDue else { return nil }
            earliest = min(earliest, due)
        }
        return earliest.isFinite ? earliest : nil
    }
}
