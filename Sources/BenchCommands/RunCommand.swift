import CaseModel
import BenchPlan
import BenchReplay
import BenchReports
import BenchRunning
import BenchCLI
import CPosix
import FrameDecoders
import Foundation
import GIFCodec
import PairedRunning
import SystemFiles

/// `bench run`, and `bench` with no arguments: run a suite in child processes and write the reports.
enum RunCommand {
    static let help = """
    Usage: bench run [options]
      inputs     [--gif FILE|DIR|NAME]... [--corpus synthetic|real|all] [--filter PATTERN] [--shard i/n]
      players    [--decoders eager,windowed,indexed] [--windows 4] [--policies LIST] [--player-file FILE]...
                 [--codec fast|giflib] [--no-references]
      playback   [--mode throughput|realtime] [--speed 1] [--margin 100] [--refresh 60] [--loops 3] [--quick] [--cpus N]
                 [--memory-warning-at S] [--bytes-from heap|mmap]
      device     [--device NAME] [--device-memory SIZE] [--device-free SIZE] [--display full|WxH,...]
      measuring  [--repetitions 3] [--warmup N] [--sampler-interval 2] [--instructions] [--timeout 300]
                 [--decode-slowdown X]
      output     [--out DIR] [--markdown] [--quiet] [--export-github-benchmark FILE] [--export-bmf FILE]
      gating     [--save-baseline FILE] [--gate FILE] [--thresholds FILE] [--summary FILE] [--gate-times never|always]
                 [--worker-plan]
      limits     [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE] [--allow-special-files]

    Plays every GIF with every decoder setting, each case in a fresh child process, and writes
    results.csv, results.md, results.json and charts/*.svg to DIR (default bench-results/latest, which
    git ignores), replacing the files of an earlier run there. Progress goes to stderr, the Markdown
    summary to stdout. Each case's row is also appended to DIR/results.partial.jsonl as it finishes, so a
    run killed outright keeps the cases it finished; the file goes once the report is written.

      --gif FILE|DIR|NAME    a GIF or animated WebP, a directory searched for *.gif and *.webp, or the name of a
                             built-in GIF such as kingfisher-720x720x150 (repeatable; default: the synthetic
                             corpus and the sticker's lossy WebP twin)
      --filter PATTERN       play only the cases whose name matches PATTERN, a regular expression over
                             'GIF · setting · loops' (e.g. 'windowed', '^sticker'); case-insensitive
      --corpus WHICH         built-in GIFs to play as well: synthetic, real (the many-frame GIFs from Debian packages
                             in Tests/Fixtures, see NOTICE.md there, each with its gif2webp twin) or all (default:
                             synthetic, none with --gif)
      --decoders LIST        eager, windowed, indexed, or any of them (default: all three); indexed decodes each
                             frame's LZW once, keeps its indices and composites on display, at each --windows value
      --windows LIST         windowed (and indexed) decoder windows in frames, or 'all' to keep every frame once decoded
                             (default: 4), e.g. --windows 1,2,3,4,6,8,12,16,all
      --policies LIST        buffer policies of real libraries, each picking a window per GIF:
                             kingfisher, flanimatedimage, sdwebimage, ylgifimage, budget:SIZE (e.g. budget:32MiB), or
                             a decoder as bench feed names it (eager, windowed:N, indexed:N);
                             a library's setting after its name, swept with LOW..HIGH: kingfisher:preload=N,
                             kingfisher:prescale=off, flanimatedimage:cache-max=N, sdwebimage:max-buffer=SIZE, and
                             NAME:budget=SIZE (e.g. kingfisher:preload=2..12; see docs/prefetch-settings.md).
                             Alone, they replace the default decoders; with --decoders or --windows, they add to them.
      --no-references        play only the settings named: without it, eager (what every "÷ eager" divides by) and the
                             default of each library whose setting is changed are played beside them
      --player-file FILE     a player of your own, its retention rule in JSON (docs/player.schema.json; the libraries'
                             own in docs/players/), played as a policy is (repeatable)
      --mode MODE            throughput: the next frame as soon as it can be had (default);
                             realtime: a display link asks for each frame at its deadline, late frames are stalls
      --speed LIST           play X times faster than the GIF's delays, 0.01 to 1000 (default: 1); a list such as
                             1,2,4,8 plays every setting at each speed in realtime mode, to find where stalls begin, and
                             in throughput mode replays each at every speed (the answer), its cases played once
      --margin LIST          throughput: the answer also names the smallest window still smooth with every decode this
                             many times slower, 1 to 1000 (default: 100, a phone's core 4× slower than this
                             host's decoding for 25 animations at once); a list such as 4,100
      --refresh HZ           realtime: display refresh rate, 1 to 1000 (default: 60)
      --device NAME          size the players from a real device's memory, and take its refresh rate and cores:
                             iphone-se-2, iphone-se-3, iphone-15, iphone-15-pro (default: this host's memory)
      --device-memory SIZE   the device's physical memory, e.g. 3GiB (overrides --device's; alone: a custom device)
      --device-free SIZE     the device's free memory, at most its physical memory (default: a third of it)
      --display LIST         the view's size in pixels, e.g. 320x320: every player keeps its frames downscaled to fit it
                             (aspect fit, area averaging), as Kingfisher's prescaling and ImageIO thumbnails do; a GIF
                             that already fits is kept at full size. 'full' keeps full size (default); a list such as
                             full,320x320 plays every setting at each, and the report sets them side by side
      --memory-warning-at S  realtime: deliver the system's low-memory warning S seconds into playback; each player
                             answers as its library does (held frames and allocated bytes before and after, stalls after)
      --cpus N               pin each child to N CPUs, at most those this process may use, so prefetching
                             competes with playback (default: all)
      --loops N              loops of playback per case (default: 3, 1 in realtime mode)
      --repetitions N        child processes per case, for medians and confidence intervals (default: 3)
      --warmup N             unmeasured child processes per setting before its first repetition (default: 1 in
                             throughput mode, 0 in realtime mode): the first child of a setting may start with the GIF
                             and the child binary out of the page cache and a slower CPU clock, which would pass for
                             the setting's cost; a real-time case is paced by the display, and a warm-up would add
                             the animation's whole length
      --quick                1 loop instead of 3: the default suite in about 10 s
      --bytes-from SOURCE    heap: read the GIF into one allocation (default); mmap: map the file read-only
      --codec LIST           LZW decoder: \(CodecOption.help); fast,giflib plays every setting with both
      --out DIR              where the reports go (default: bench-results/latest)
      --markdown             print every table of results.md on stdout, not only the answer and where the files are
      --timeout SECONDS      a case running longer is killed and reported as failed (default: 300)
      --sampler-interval MS  background memory sampling period in milliseconds, 0 = only at frame steps (default: 2)
      --save-baseline FILE   also write this run as a baseline for 'bench compare' and --gate (replaces FILE)
      --gate FILE            after the run, compare with the baseline FILE; exit 1 on a regression
      --thresholds FILE      gate rules as JSON (see 'bench compare --help')
      --summary FILE         with --gate: write what changed beyond noise, worst first, for a pull-request comment
      --gate-times WHEN      with --gate: whether CPU and wall times are gated, as in 'bench compare' (default: never)
      --instructions         also count each case's instructions once, under Valgrind's Callgrind (about 50× slower
                             than a plain run; needs valgrind): deterministic CPU figures that a gate can compare
                             across machines
      --shard i/n            run only part i of n of the suite (whole GIFs, balanced by frames × pixels), for a CI
                             matrix; 'bench merge' joins the parts' reports into one
      --decode-slowdown X    test knob: every decode of the windowed decoder and the library players costs X times its
                             CPU (1 to 1000), a slower device, to check the answer's margins in real time
      --worker-plan          print each case and its warm worker's command line as JSON, and play nothing: how
                             'bench gate' asks each side for the workers it alternates pass by pass
    \(Exports.help)
    \(SharedFlags.limitsHelp)
    """

    static func run(_ arguments: ArgumentList, child: MeasuringChild, players: PlayerRegistry = .none) throws
        -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let options = try Options(&arguments, players: players)
        try arguments.finish(command: "run")
        BuildConfiguration.warnIfDebug(command: "bench")
        // Everything that can fail fast does, before the first case: the output folder (made, proved writable and
        // locked against a second run), the scratch directory, and every input file. Encoding the synthetic GIFs and
        // checking each file takes seconds: the session's clock starts here, and the progress line says so live.
        let session = CommandSession("bench")
        let output = try session.reportFolder(options.out, writes: options.destinations, reads: options.reads)
        let (progress, scratch) = (session.progress, try PrivateDirectory.forRun())
        progress.update("preparing \(Format.count(options.inputs.count, "GIF")): encoding the built-in ones, "
                        + "checking each file …")
        var runner = try child.runner(timeout: Double(options.timeout))
        let (playable, rejected) = GIFInputs.partition(options.inputs, limits: options.suite.limits,
                                                       rules: options.fileRules, scratch: scratch,
                                                       acceptsWebP: true,
                                                       deepCheck: { runner.checkPlayability(of: $0, limits: options.suite.limits) })
        guard !playable.isEmpty else { throw UsageError(rejected.map(\.reason).joined(separator: "; ")) }
        for input in rejected { Console.error("skipping \(input.reason)") }

        var suite = options.suite
        suite.inputs = playable
        let files = try CorpusFiles(playable, scratch: scratch, limits: suite.limits)
        runner.pinnedBytes = files.bytesHashes
        try RunCommand.checkMemoryWarning(suite, files)
        let refusals = suite.refusals(files: files, memory: MachineMemory.current())
        let wholeSuite = suite.cases(files: files, memory: MachineMemory.current())
        guard !wholeSuite.isEmpty else {
            throw UsageError(refusals.first ?? "nothing to run: no case was made from these inputs and settings")
        }
        for line in refusals { Console.note("bench: " + line) }
        let selected = try options.filter.map { filter throws(UsageError) in try filter.select(wholeSuite) } ?? wholeSuite
        let cases = options.shard.map { $0.select(selected, facts: files.facts) } ?? selected
        if let shard = options.shard {
            Console.note("bench: shard \(shard): \(Set(cases.map(\.gif)).count) of \(playable.count) GIFs, "
                         + "\(cases.count) of \(wholeSuite.count) cases")
        }
        if options.workerPlan {
            // For `bench gate`: the cases and their warm workers' command lines, nothing played.
            Console.output(String(decoding: try WorkerPlan(cases: cases).encoded(), as: UTF8.self), terminator: "")
            return .success
        }
        let counter = try options.countInstructions ? InstructionCounter.prepare(child: try child.path(),
                                                                                 timeout: Double(options.timeout)) : nil
        Console.note("bench: " + Suite.countLine(cases)
                     + (options.warmUp > 0 ? ", after \(Format.count(options.warmUp, "unmeasured warm-up")) per setting" : "")
                     + "; \(Format.count(playable.count, "GIF")) prepared in \(session.elapsed)")
        if !options.references.isEmpty {
            Console.note("bench: beside the settings named, "
                         + "\(options.references.map { $0.isEager ? "eager" : "\($0)'s default" }.joined(separator: " and ")) as the answer's reference "
                         + "(--no-references leaves \(options.references.count == 1 ? "it" : "them") out)")
        }
        if let playing = Suite.realTimeLength(cases, loopSeconds: files.gifFacts.mapValues(\.loopSeconds)) { Console.note("bench: " + playing) }

        let journal = try RowJournal(in: output)
        let steps = session.steps(cases.count, noun: "cases")
        let hostAtStart = HostActivity.read()
        var results = runner.run(cases, warmUp: options.warmUp, warmingUp: { benchCase in
            progress.update("warming up: \(benchCase.gif) · \(benchCase.decoderLabel) (unmeasured) …")
        }, progress: { index, benchCase, result in
            let speed = benchCase.mode == .realtime ? " · speed \(Format.fixed(benchCase.speed, digits: 2))" : ""
            let label = "[\(index + 1)/\(cases.count)] \(benchCase.gif) · \(benchCase.decoderLabel)\(speed) · "
                        + "repetition \(benchCase.repetition)"
            guard let result else { return steps.started(label) }
            journal.append(result)
            steps.ended(label, failure: result.failure) {
                let stalls = benchCase.mode == .realtime ? ", \(Int(result[.stalls])) stalls" : ""
                return "\(Format.duration(result[.wall])) wall, \(Format.duration(result[.cpuTotal])) CPU, "
                    + "peak \(Format.bytes(result[.jemallocAllocatedPeak])) allocated\(stalls)"
            }
        }, shouldStop: { Interruption.requested })

        if let counter, !Interruption.requested {
            InstructionCounts.add(to: &results, counter: counter, progress: progress,
                                  shouldStop: { Interruption.requested })
        }
        let interrupted = Interruption.requested || results.count < cases.count
        // A file that could not be read is reported once, by the first shard.
        let unreadable = (options.shard.map { $0.index == 1 } ?? true ? rejected : []).flatMap { input in
            suite.settings.map { setting in
                // No decoder ran: the row names the setting that could not be played.
                return CaseResult(benchCase: BenchCase(gif: input.input.name, path: input.path, decoder: .eager,
                                                       chosenBy: setting == .eager ? nil : setting.description,
                                                       loops: suite.loops, mode: suite.mode, speed: suite.speeds[0]),
                                  failure: input.reason)
            }
        }
        var metadata = RunMetadata.current(command: arguments.commandLine)
        if let counter { metadata.instructionContext = .current(valgrindVersion: counter.valgrindVersion, metadata: metadata) }
        metadata.plan = RunPlan(cases: Set(cases.map(\.identity)).count, repetitions: suite.repetitions)
        if let hostAtStart, let hostAtEnd = HostActivity.read() {
            metadata.hostActivity = HostActivity(from: hostAtStart, to: hostAtEnd, cores: metadata.cores)
        }
        if let shard = options.shard {
            var gifs: [String] = []
            for benchCase in cases where !gifs.contains(benchCase.gif) { gifs.append(benchCase.gif) }
            metadata.shard = ShardRecord(shard: shard, suiteID: suite.fingerprint(cases: wholeSuite), gifs: gifs)
        }
        var measured = RunReport(metadata: metadata, results: results + unreadable, incomplete: interrupted)
        measured.replay = RunCommand.replay(results, files: files, suite: suite, margins: options.margins,
                                            players: players)
        let published = try ReportFiles.measuringParent(measured, cases: results.count,
                                                        folder: options.fullMarkdown ? nil : options.out)
        let report = published.report
        let exported = try session.publish(rendered: published.files, figures: ExportedFigure.all(in: report),
                                           to: output, exports: options.exports)
        journal.finish()
        Console.answer(published.printed)
        session.note("\(results.count) of \(cases.count) cases in \(session.elapsed) with preparing the GIFs; "
                     + "reports in \(options.out)/results.{csv,md,json} and \(options.out)/charts/")
        let failed = report.results.filter { $0.failure != nil }.count
        let status = session.status(finished: results.count, noun: "case", failed: failed, interrupted: interrupted,
                                    exported: exported)
        if let path = options.saveBaseline {
            if interrupted || failed > 0 {
                let why = interrupted ? "the run was interrupted" : "\(failed) case\(failed == 1 ? "" : "s") failed"
                Console.error("not saved as a baseline: \(why); \(path) is untouched")
            } else {
                try BaselineFile.save(report, to: path)
                Console.note("bench: baseline written to \(path)")
            }
        }
        if options.gateBaseline != nil, interrupted {
            // An interrupted run is no verdict: exit 3, as README says, never the gate's 1.
            Console.error("gate: not judged, the run was interrupted")
        } else if let baseline = options.gateBaseline {
            return Exports.status(try CompareCommand.gate(current: report, baseline: baseline,
                                                          thresholds: options.thresholds,
                                                          timeGating: options.timeGating, summaryPath: options.summary),
                                  exported: exported)
        }
        return status
    }
}

extension RunCommand {
    /// The run's answer: every GIF played in throughput mode replayed from its traced frame costs, at speed 1 and each
    /// speed asked, its players sized by the device's memory or this host's. Nil when nothing traced its frames.
    static func replay(_ results: [CaseResult], files: CorpusFiles, suite: Suite, margins: [Double],
                       players: PlayerRegistry) -> ReplayAnswer? {
        var containers: [String: any AnimationContainer] = [:]
        for (gif, path) in files.paths { containers[gif] = try? AnimationFile.open(contentsOfFile: path, limits: suite.limits) }
        let speeds = Set(suite.speeds + [1]).sorted()
        do {
            return try ReplayAnswer.make(results: results, containers: containers, speeds: speeds,
                                         memory: suite.device?.memory ?? MachineMemory.current(), margins: margins,
                                         players: players)
        } catch {
            Console.error("bench: the replay could not play: \(error.explained)")
            return nil
        }
    }
}
