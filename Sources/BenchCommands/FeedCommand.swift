import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import CPosix
import Foundation
import FrameDecoders
import GIFCodec
import GIFCorpus
import SystemFiles

/// `bench feed`: several players at once in one child process, as in a scrolling feed, one child per model and
/// repetition; writes feed.csv, feed.md, feed.json and charts/feed-memory.svg.
enum FeedCommand {
    static let help = """
    Usage: bench feed [options]
      inputs     [--gif FILE|DIR]...
      feed       [--players 6] [--scroll RATE] [--policies LIST] [--player-file FILE]... [--pool-width N]
                 [--codec fast|giflib] [--budget SIZE]
      playback   [--loops 2] [--speed 1] [--refresh HZ] [--cpus N] [--memory-warning-at S]
      device     [--device NAME] [--device-memory SIZE] [--device-free SIZE] [--display WxH]
      measuring  [--repetitions 1] [--timeout SECONDS] [--replay] [--replay-only]
      output     [--out DIR] [--quiet] [--export-github-benchmark FILE] [--export-bmf FILE]
      limits     [--max-memory SIZE] [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE]

    Plays a feed: N players on screen at once in one measured child process, each playing a GIF (the files are cycled
    when there are fewer than players) in real time against one display link, their background decoding sharing one
    pool. One child per model and repetition; the models are compared in DIR/feed.md (also on stdout), feed.csv,
    feed.json and charts/feed-memory.svg (default DIR: bench-results/feed, replaced by a later run there).

      --gif FILE|DIR         a GIF, or a directory of them (repeatable; default: the synthetic seed case,
                             kingfisher-720x720x150)
      --players N            players on screen at once, 1 to 64 (default: 6)
      --scroll RATE          players leaving, and as many entering, per second, 0 to 100: the player on screen longest is
                             released and a new one starts from its first frame, as a reused cell does (default: 0)
      --policies LIST        the models to compare, each playing every player: eager, windowed, windowed:N, indexed,
                             indexed:N, kingfisher, flanimatedimage, sdwebimage, ylgifimage, budget:SIZE, and
                             a library with a setting, such as kingfisher:preload=3 (a range sweeps it: 2..6)
                             (default: eager, windowed, kingfisher, flanimatedimage, sdwebimage, ylgifimage)
      --player-file FILE     a player of your own, its retention rule in JSON (docs/player.schema.json), played as a
                             model is (repeatable; alone, it replaces the default models)
      --loops N              the feed lasts N loops of its longest GIF at --speed, 1 to 1000 (default: 2)
      --speed X              play X times faster than the GIFs' delays, 0.01 to 1000 (default: 1)
      --device NAME          the device's memory sizes the players, its refresh rate paces the display link and its
                             cores bound --cpus: iphone-se-2, iphone-se-3, iphone-15, iphone-15-pro
      --device-memory SIZE   the device's physical memory; --device-free SIZE its free memory
      --refresh HZ           the display link's rate, 1 to 1000 (default: the device's, else 60)
      --cpus N               pin the feed's child to N CPUs (default: the device's cores or every CPU, at most those
                             this process may use)
      --pool-width N         frames decoded at once across every player's queue, 1 to 64 (default: the feed's CPUs)
      --display WxH          the players' view: frames kept downscaled to fit it (default: full size)
      --codec CODEC          LZW decoder: \(CodecOption.help)
      --memory-warning-at S  one low-memory warning to every player on screen S seconds into the feed
      --budget SIZE          name the models whose peak allocated memory stays under SIZE without a stall or a dropped
                             frame, e.g. 100MiB
      --repetitions N        children per model, 1 to 100 (default: 1)
      --replay               also replay each model's feed on a virtual clock from what each frame's decode costs (one
                             throughput case per GIF and model traces it): its stalls beside the measured feed's, in
                             feed.md and feed.json; deterministic, in milliseconds once traced
      --replay-only          the replay alone, without the measured feeds: an answer in seconds
      --out DIR              where the reports go (default: bench-results/feed)
      --timeout SECONDS      a feed running longer is killed and reported as failed (default: 600)
      --max-memory SIZE      a feed whose players together hold more allocated memory is stopped and reported as
                             failed, checked after every player's set-up and every tick (default: 4GiB)
      --max-pixels N, --max-eager-bytes SIZE, --max-file-size SIZE
                             the limits on each GIF, as in 'bench run --help'
    \(Exports.help)
                             (each model's CPU time, peak allocated and retained bytes over the whole feed)
    """

    /// A feed lasts this many loops of its longest GIF unless told.
    static let defaultLoops = 2

    static func run(_ arguments: ArgumentList, child: MeasuringChild, players: PlayerRegistry = .none) throws
        -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let options = try Options(&arguments, registry: players)
        let exports = try Exports(&arguments)
        try arguments.finish(command: "feed")
        BuildConfiguration.warnIfDebug(command: "bench feed")
        let session = CommandSession("bench feed")
        let (progress, scratch) = (session.progress, try PrivateDirectory.forRun())
        let runner = try child.runner(timeout: Double(options.timeout))
        let (playable, rejected) = GIFInputs.partition(options.inputs, limits: options.limits,
                                                       rules: InputFileRules(maxBytes: options.limits.maxFileBytes),
                                                       scratch: scratch,
                                                       deepCheck: { runner.checkPlayability(of: $0, limits: options.limits) })
        guard rejected.isEmpty else { throw UsageError(rejected.map(\.reason).joined(separator: "; ")) }
        let files = try CorpusFiles(playable, scratch: scratch, limits: options.limits)
        let feeds = try options.feeds(playable, files)
        // The feeds are checked against the GIFs' lengths before the report folder is made: a refused feed writes
        // nothing.
        let output = try session.reportFolder(options.out, writes: exports.destinations,
                                              reads: playable.compactMap { input in
                                                  files.paths[input.name].map { ("--gif \(input.name)", $0) }
                                              })
        if options.replay {
            session.note("replaying \(options.models.count) models' feeds on a virtual clock, after tracing each "
                         + "GIF's decode costs "
                         + "once per model (one throughput case of \(FeedReplays.traceLoops) loops each)")
        }
        let replays = options.replay ? FeedReplays.replay(feeds, runner: runner, players: players,
                                                          progress: progress) : []
        let measured = options.replayOnly ? [] : feeds
        if !measured.isEmpty {
            session.note("\(feeds.count) feeds (\(options.models.count) models × \(options.repetitions) repetitions), "
                         + "\(options.players) players, \(Format.fixed(feeds[0].seconds, digits: 1)) s each, one child "
                         + "process per feed")
        }
        var results: [FeedResult] = []
        let steps = session.steps(measured.count, noun: "feeds")
        for (index, feed) in measured.enumerated() {
            if Interruption.requested { break }
            let label = "[\(index + 1)/\(feeds.count)] \(feed.model) · repetition \(feed.repetition)"
            steps.started(label)
            let result = runner.run(feed, shouldStop: { Interruption.requested })
            if Interruption.requested { break }
            results.append(result)
            steps.ended(label, failure: result.failure) {
                "peak \(Format.bytes(Double(result.allocatedPeak))) allocated, \(result.stalls) stalls, "
                    + "\(result.droppedFrames) dropped, \(Format.duration(result.cpuSeconds)) CPU"
            }
        }
        let interrupted = results.count < measured.count || replays.count < (options.replay ? feeds.filter { $0.repetition == 1 }.count : 0)
        let queues = Dictionary(options.models.map { ($0.description, $0.queue) },
                                uniquingKeysWith: { first, _ in first })
        let report = FeedReport(metadata: RunMetadata.current(command: arguments.commandLine),
                                results: results, budget: options.budget, incomplete: interrupted, queues: queues,
                                replays: replays)
        let exported = try session.publish(report, to: output, exports: exports)
        let markdown = FeedMarkdownReporter.render(report)
        Console.answer(markdown, terminator: "")
        session.note("reports in \(options.out)/feed.{csv,md,json} and "
                     + "\(options.out)/charts/\(FeedTimelineChart.fileName)")
        let failed = results.filter { $0.failure != nil }.count + replays.filter { $0.failure != nil }.count
        return session.status(finished: results.count, noun: "feed", failed: failed, interrupted: interrupted,
                              exported: exported)
    }

    /// Everything `bench feed` was told, validated.
    struct Options {
        var inputs: [GIFInput]
        var players: Int
        var scrollRate: Double
        var models: [DecoderSetting]
        var loops: Int
        var speed: Double
        var device: Device?
        var refresh: Double
        var cpus: Int?
        var poolWidth: Int
        var display: DisplaySize?
        var codec: LZWCodec
        var memoryWarningAt: Double?
        var budget: Int?
        var repetitions: Int
        var out: String
        var timeout: Int
        var limits: DecodeLimits
        var maxMemoryBytes: Int
        /// Replay each model's feed; with `replayOnly`, without measuring it.
        var replay: Bool
        var replayOnly: Bool

        init(_ arguments: inout ArgumentList, registry: PlayerRegistry) throws {
            let gifs = try arguments.values("--gif")
            inputs = gifs.isEmpty ? SyntheticCorpus.all.filter { $0.name == "kingfisher-720x720x150" }.map { GIFInput(name: $0.name, source: .synthetic($0)) }
                                  : try GIFInputs.resolve(gifs)
            players = try arguments.integer("--players", in: 1...64) ?? 6
            scrollRate = try SharedFlags.number(arguments.value("--scroll"), flag: "--scroll", in: 0...100) ?? 0
            let names = SharedFlags.list(try arguments.value("--policies"))
            if names?.isEmpty == true { throw UsageError("--policies needs at least one model, such as --policies "
                                                         + "eager,windowed") }
            let files = try PlayerFile.loadAll(arguments.values("--player-file")).map { DecoderSetting.file($0) }
            models = try SharedFlags.distinct((names.map { try $0.flatMap { text throws(UsageError) in try DecoderSetting.parsingSweep(text, players: registry) } }
                                              ?? (files.isEmpty ? DecoderSetting.feedDefaults : [])) + files)
            loops = try arguments.integer("--loops", in: 1...1000) ?? FeedCommand.defaultLoops
            speed = try SharedFlags.number(arguments.value("--speed"), flag: "--speed", in: OptionRanges.speed) ?? 1
            device = try RunCommand.device(&arguments)
            refresh = try SharedFlags.number(arguments.value("--refresh"), flag: "--refresh",
                                            in: OptionRanges.refreshHz) ?? device?.refreshHz ?? OptionRanges.defaultRefreshHz
            let usableCPUs = max(1, Int(cposix_allowed_cpu_count()))
            cpus = try arguments.integer("--cpus", in: 1...usableCPUs, note: " (the CPUs this process may run on)") ?? device.map { min($0.cores, usableCPUs) }
            poolWidth = try arguments.integer("--pool-width", in: 1...64) ?? cpus ?? usableCPUs
            display = try arguments.value("--display").map { text throws(UsageError) in try RunCommand.displaySize(text, orFull: false) }
            codec = try CodecOption.one(&arguments)
            memoryWarningAt = try SharedFlags.number(arguments.value("--memory-warning-at"),
                                                     flag: "--memory-warning-at",
                                                    in: 0.001...1_000_000)
            budget = try arguments.value("--budget").map { text throws(UsageError) in try ByteSize.parse(text, flag: "--budget", example: "100MiB") }
            repetitions = try arguments.integer("--repetitions", in: 1...100) ?? 1
            out = try arguments.value("--out") ?? "bench-results/feed"
            timeout = try arguments.integer("--timeout", in: OptionRanges.timeoutSeconds) ?? 600
            limits = try SharedFlags.limits(&arguments)
            maxMemoryBytes = try arguments.value("--max-memory").map { text throws(UsageError) in
                try ByteSize.parse(text, flag: "--max-memory", example: "8GiB")
            } ?? FeedCase.defaultMaxMemoryBytes
            replayOnly = arguments.flag("--replay-only")
            replay = arguments.flag("--replay") || replayOnly
        }

        /// One feed per model and repetition, repetition-major; the warning must fall inside the feed.
        func feeds(_ inputs: [GIFInput], _ files: CorpusFiles) throws(UsageError) -> [FeedCase] {
            let memory = device?.memory ?? MachineMemory.current()
            let longest = inputs.compactMap { files.gifFacts[$0.name]?.loopSeconds }.max() ?? 0
            let seconds = Double(loops) * longest / speed
            guard seconds > 0 else { throw UsageError("the GIFs have no delays to play: a feed needs a loop "
                                                      + "longer than 0 s") }
            // The warning goes out at the first display tick at or after it; at the feed's end every player leaves
            // first.
            let schedule = FeedSchedule(players: players, scrollRate: scrollRate, seconds: seconds)
            if let at = memoryWarningAt, schedule.warningTick(at: at, refreshHz: refresh) == nil {
                throw UsageError("--memory-warning-at \(Format.fixed(at, digits: 3)) s falls on or after the feed's "
                                 + "last display tick "
                                 + "(the feed ends at \(Format.fixed(seconds, digits: 3)) s: \(loops) "
                                 + "loop\(loops == 1 ? "" : "s") of the longest GIF at speed "
                                 + "\(Format.fixed(speed, digits: 2)), ticks every "
                                 + "\(Format.fixed(1000 / refresh, digits: 1)) ms), when no player is left to warn")
            }
            var feeds: [FeedCase] = []
            for repetition in 1...repetitions {
                for model in models {
                    let gifs = inputs.compactMap { input -> FeedGIF? in
                        guard let facts = files.facts[input.name], let path = files.paths[input.name] else { return nil }
                        let decoder = model.decoder(frameBytes: facts.frameBytes, frameCount: facts.frameCount,
                                                    memory: memory)
                        return FeedGIF(name: input.name, path: path, decoder: decoder)
                    }
                    feeds.append(FeedCase(model: model.description, gifs: gifs, players: players,
                                          scrollRate: scrollRate, seconds: seconds, speed: speed, refreshHz: refresh,
                                          cpus: cpus, poolWidth: poolWidth, display: display, codec: codec,
                                          memoryWarningAt: memoryWarningAt, device: device?.name,
                                          repetition: repetition, limits: limits, maxMemoryBytes: maxMemoryBytes))
                }
            }
            return feeds
        }
    }
}
