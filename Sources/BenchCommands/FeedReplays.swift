import BenchCLI
import BenchPlan
import BenchReplay
import BenchRunning
import CaseModel
import FrameDecoders
import GIFCodec

/// `bench feed --replay`: each model's feed replayed on a virtual clock. One throughput case per GIF and model,
/// in a measured child as `bench run` plays it, traces what each frame's decode costs; ``FeedReplay`` then plays
/// the model's whole feed from those costs, every player through the same display link, playheads and pool rules.
enum FeedReplays {
    /// Loops a trace plays: the second shows what a frame costs decoded again, as a window and a library's
    /// cache decode it on every later loop.
    static let traceLoops = 2

    /// The replay of each model's first feed, in `feeds`' order.
    static func replay(_ feeds: [FeedCase], runner: CaseRunner, players: PlayerRegistry, progress: ProgressLine)
        -> [FeedReplayRow] {
        let firsts = feeds.filter { $0.repetition == 1 }
        var containers: [String: GIFContainer] = [:]
        var rows: [FeedReplayRow] = []
        let clock = StepClock(steps: firsts.count)
        for (index, feed) in firsts.enumerated() {
            if Interruption.requested { break }
            let label = "replay [\(index + 1)/\(firsts.count)] \(feed.model)"
            var traces: [String: FrameCostTrace] = [:]
            var failure: String?
            for gif in feed.gifs where traces[gif.path] == nil && failure == nil {
                guard Replay.canPlay(gif.decoder, players: players) else { failure = "a replay cannot play \(gif.decoder)"; break }
                progress.update("\(label): tracing \(Console.visible(gif.name)) …")
                var benchCase = BenchCase(gif: gif.name, path: gif.path, decoder: gif.decoder, loops: traceLoops,
                                          codec: feed.codec, limits: feed.limits)
                benchCase.identity.display = feed.display
                let result = runner.run(benchCase, shouldStop: { Interruption.requested })
                guard result.failure == nil, let trace = result.frameCosts else {
                    failure = "tracing \(gif.name) failed: \(result.failure ?? "no frame costs")"
                    break
                }
                traces[gif.path] = trace
                if containers[gif.path] == nil {
                    do {
                        containers[gif.path] = try GIFContainer(contentsOfFile: gif.path,
                                                                rules: InputFileRules(maxBytes: feed.limits.maxFileBytes))
                    } catch {
                        failure = "\(gif.name): \(error)"
                    }
                }
            }
            var row = FeedReplayRow(model: feed.model, feed: feed, failure: failure)
            if failure == nil {
                do {
                    if let played = try FeedReplay.play(feed, containers: containers, traces: traces, players: players) {
                        row.players = played.observation.players
                        row.ticks = played.observation.ticks
                        row.poolMaxRunning = played.poolMaxRunning
                    } else {
                        row.failure = "a replay cannot play this model"
                    }
                } catch {
                    row.failure = "\(error)"
                }
            }
            clock.stepDone()
            if let failure = row.failure {
                progress.line("\(label): FAILED: \(failure)")
            } else {
                progress.line("\(label): \(row.stalls) stalls, \(row.droppedFrames) dropped, \(row.heldFramesMaxSum) "
                              + "frames held (Σ players), "
                              + "replayed\(clock.estimate)")
            }
            rows.append(row)
        }
        return rows
    }
}
