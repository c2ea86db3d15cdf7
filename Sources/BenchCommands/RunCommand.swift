import BenchCLI
import BenchCore
import BenchKit
import CPosix
import FrameDecoders
import SystemFiles
import Foundation
import GIFCodec
import MemoryProbe

/// `bench run`, and `bench` with no arguments: run a suite in child processes and write the reports.
enum RunCommand {
    static let help = """
    Usage: bench run [options]
      inputs     [--gif FILE|DIR|NAME]... [--corpus synthetic|real|all] [--filter PATTERN] [--shard i/n]
      players    [--decoders eager,windowed,indexed] [--windows 4] [--policies LIST] [--player-file FILE]...
                 [--codec fast|giflib]
      playback   [--mode throughput|realtime] [--speed 1] [--refresh 60] [--loops 3] [--quick] [--cpus N]
                 [--memory-warning-at S] [--bytes-from heap|mmap]
      device     [--device NAME] [--device-memory SIZE] [--device-free SIZE] [--display full|WxH,...]
      measuring  [--repetitions 3] [--warmup N] [--sampler-interval 2] [--instructions] [--timeout 300]
      output     [--out DIR] [--quiet] [--export-github-benchmark FILE] [--export-bmf FILE]
      gating     [--save-baseline FILE] [--gate FILE] [--thresholds FILE] [--summary FILE] [--gate-times never|always]
      limits     [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE] [--allow-special-files]

    Plays every GIF with every decoder setting, each case in a fresh child process, and writes
    results.csv, results.md, results.json and charts/*.svg to DIR (default bench-results/latest, which
    git ignores), replacing the files of an earlier run there. Progress goes to stderr, the Markdown
    summary to stdout. Each case's row is also appended to DIR/results.partial.jsonl as it finishes, so a
    run killed outright keeps the cases it finished; the file goes once the report is written.

      --gif FILE|DIR|NAME    a GIF, a directory searched for *.gif, or the name of a built-in GIF such as
                             kingfisher-720x720x150 (repeatable; default: the synthetic corpus)
      --filter PATTERN       play only the cases whose name matches PATTERN, a regular expression over
                             'GIF · setting · loops' (e.g. 'windowed', '^sticker'); case-insensitive
      --corpus WHICH         built-in GIFs to play as well: synthetic, real (the many-frame GIFs from Debian packages
                             in Tests/Fixtures, see NOTICE.md there) or all (default: synthetic, none with --gif)
      --decoders LIST        eager, windowed, indexed, or any of them (default: all three); indexed decodes each
                             frame's LZW once, keeps its indices and composites on display, at each --windows value
      --windows LIST         windowed (and indexed) decoder windows in frames, or 'all' to keep every frame once decoded
                             (default: 4), e.g. --windows 1,2,3,4,6,8,12,16,all
      --policies LIST        buffer policies of real libraries, each picking a window per GIF:
                             kingfisher, flanimatedimage, sdwebimage, ylgifimage, budget:SIZE (e.g. budget:32MiB), eager;
                             a library's setting after its name, swept with LOW..HIGH: kingfisher:preload=N,
                             kingfisher:prescale=off, flanimatedimage:cache-max=N, sdwebimage:max-buffer=SIZE, and
                             NAME:budget=SIZE (e.g. kingfisher:preload=2..12; see docs/prefetch-settings.md).
                             Alone, they replace the default decoders; with --decoders or --windows, they add to them.
      --player-file FILE     a player of your own, its retention rule in JSON (docs/player.schema.json; the libraries'
                             own in docs/players/), played as a policy is (repeatable)
      --mode MODE            throughput: the next frame as soon as it can be had (default);
                             realtime: a display link asks for each frame at its deadline, late frames are stalls
      --speed LIST           realtime: play X times faster than the GIF's delays, 0.01 to 1000 (default: 1); a list
                             such as 1,2,4,8 plays every setting at each speed, to find where stalls begin
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
    \(Exports.help)
    \(limitsHelp)
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let options = try Options(&arguments)
        try arguments.finish(command: "run")
        BuildConfiguration.warnIfDebug(command: "bench")
        // Everything that can fail fast does, before the first case: the output folder (made, proved writable and
        // locked against a second run), the scratch directory, and every input file.
        let output = try OutputFolder(options.out)
        try Destinations.check(writes: options.destinations, reportFolder: ("--out", output.path), reads: options.reads)
        let scratch = try PrivateDirectory.forRun()
        Interruption.install()
        var runner = CaseRunner(executable: try CaseRunner.childBesideThisBinary(), timeout: Double(options.timeout))
        let (playable, rejected) = GIFInputs.partition(options.inputs, limits: options.suite.limits, rules: options.fileRules, scratch: scratch,
                                                       deepCheck: { runner.checkPlayability(of: $0, limits: options.suite.limits) })
        guard !playable.isEmpty else { throw UsageError(rejected.map(\.reason).joined(separator: "; ")) }
        for input in rejected { Console.error("skipping \(input.reason)") }

        var suite = options.suite
        suite.inputs = playable
        let files = try CorpusFiles(playable, scratch: scratch, limits: suite.limits)
        runner.pinnedBytes = files.bytesHashes
        try RunCommand.checkMemoryWarning(suite, files)
        let wholeSuite = suite.cases(files: files, memory: MachineMemory.current())
        guard !wholeSuite.isEmpty else { throw UsageError("nothing to run: no case was made from these inputs and settings") }
        let selected = try options.filter.map { filter throws(UsageError) in try filter.select(wholeSuite) } ?? wholeSuite
        let cases = options.shard.map { $0.select(selected, facts: files.facts) } ?? selected
        if let shard = options.shard {
            Console.note("bench: shard \(shard): \(Set(cases.map(\.gif)).count) of \(playable.count) GIFs, \(cases.count) of \(wholeSuite.count) cases")
        }
        let counter = try options.countInstructions ? InstructionCounter.prepare(child: runner.executable, timeout: Double(options.timeout)) : nil
        Console.note("bench: " + Suite.countLine(cases)
                     + (options.warmUp > 0 ? ", after \(Format.count(options.warmUp, "unmeasured warm-up")) per setting" : ""))

        let journal = try RowJournal(in: output)
        let progress = ProgressLine()
        let started = Date()
        var results = runner.run(cases, warmUp: options.warmUp, warmingUp: { benchCase in
            progress.update("warming up: \(benchCase.gif) · \(benchCase.plan) (unmeasured) …")
        }, progress: { index, benchCase, result in
            let speed = benchCase.mode == .realtime ? " · speed \(Format.fixed(benchCase.speed, digits: 2))" : ""
            let label = "[\(index + 1)/\(cases.count)] \(benchCase.gif) · \(benchCase.plan)\(speed) · repetition \(benchCase.repetition)"
            guard let result else { return progress.update(label + " …") }
            journal.append(result)
            if let failure = result.failure {
                progress.line(label + ": FAILED: " + failure)
            } else {
                let stalls = benchCase.mode == .realtime ? ", \(Int(result[.stalls])) stalls" : ""
                progress.line(label + ": \(Format.duration(result[.wall])) wall, \(Format.duration(result[.cpuTotal])) CPU, "
                              + "peak \(Format.bytes(result[.jemallocAllocatedPeak])) allocated\(stalls)")
            }
        }, shouldStop: { Interruption.requested })

        if let counter, !Interruption.requested {
            InstructionCounts.add(to: &results, counter: counter, progress: progress, shouldStop: { Interruption.requested })
        }
        let interrupted = Interruption.requested || results.count < cases.count
        // A file that could not be read is reported once, by the first shard.
        let unreadable = (options.shard.map { $0.index == 1 } ?? true ? rejected : []).flatMap { input in
            suite.settings.map { setting in
                // No decoder ran: the row names the setting that could not be played.
                let plan = setting == .eager ? DecoderPlan.eager : DecoderPlan(.eager, origin: .policy(setting.description))
                return CaseResult(benchCase: BenchCase(gif: input.input.name, path: input.path, plan: plan, loops: suite.loops, mode: suite.mode,
                                                       speed: suite.speeds[0]), failure: input.reason)
            }
        }
        var metadata = RunMetadata.current(command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
        if let counter { metadata.instructionContext = .current(valgrindVersion: counter.valgrindVersion, metadata: metadata) }
        metadata.plan = RunPlan(cases: Set(cases.map(\.identity)).count, repetitions: suite.repetitions)
        if let shard = options.shard {
            var gifs: [String] = []
            for benchCase in cases where !gifs.contains(benchCase.gif) { gifs.append(benchCase.gif) }
            metadata.shard = ShardRecord(shard: shard, suiteID: suite.fingerprint(cases: wholeSuite), gifs: gifs)
        }
        let published = try ReportFiles.measuringParent(RunReport(metadata: metadata, results: results + unreadable, incomplete: interrupted),
                                                        cases: results.count)
        let report = published.report
        try ReportWriter.write(published.files, to: output.path)
        journal.finish()
        let exported = options.exports.write(report)
        print(published.printed)
        Console.note("bench: \(results.count) of \(cases.count) cases in \(Format.duration(Date().timeIntervalSince(started))); "
                     + "reports in \(options.out)/results.{csv,md,json} and \(options.out)/charts/")
        let failed = report.results.filter { $0.failure != nil }.count
        if interrupted {
            Console.error("interrupted: the report holds the \(results.count) cases that finished and is marked incomplete")
        }
        if let path = options.saveBaseline {
            if interrupted || failed > 0 {
                let why = interrupted ? "the run was interrupted" : "\(failed) case\(failed == 1 ? "" : "s") failed"
                Console.error("bench: not saved as a baseline: \(why); \(path) is untouched")
            } else {
                try BaselineFile.save(report, to: path)
                Console.note("bench: baseline written to \(path)")
            }
        }
        if let baseline = options.gateBaseline {
            return Exports.status(try CompareCommand.gate(current: report, baseline: baseline, thresholds: options.thresholds,
                                                          timeGating: options.timeGating, summaryPath: options.summary), exported: exported)
        }
        return Exports.status(interrupted ? .internalFailure : failed > 0 ? .incomplete : .success, exported: exported)
    }

    /// Everything `bench run` was told, validated.
    struct Options {
        /// Every file the run writes besides its report folder.
        var destinations: [(flag: String, path: String)] {
            [("--summary", summary), ("--save-baseline", saveBaseline)].compactMap { flag, path in path.map { (flag, $0) } } + exports.destinations
        }

        /// Every file the run reads: the GIFs, the baseline it gates against, the thresholds.
        var reads: [(what: String, path: String)] {
            var files: [(what: String, path: String)] = inputs.compactMap { input in
                if case .file(let path) = input.source { return ("the input \(path)", path) }
                return nil
            }
            if let gatePath { files.append(("--gate's baseline", gatePath)) }
            if let thresholdsPath { files.append(("--thresholds", thresholdsPath)) }
            return files
        }

        var inputs: [GIFInput]
        var suite: Suite
        var out: String
        var timeout: Int
        var saveBaseline: String?
        var gatePath: String?
        var thresholdsPath: String?
        /// Loaded before the run, so a bad baseline fails in a second, not after the whole suite.
        var gateBaseline: RunReport?
        var thresholds: Thresholds
        var summary: String?
        var timeGating: TimeGating
        var countInstructions: Bool
        var exports: Exports
        /// Which part of the suite this machine runs (`--shard i/n`).
        var shard: Shard?
        /// `--filter PATTERN`: only the cases whose name matches.
        var filter: CaseFilter?
        /// How input files may be read: regular files up to `--max-file-size`, special ones with `--allow-special-files`.
        var fileRules: InputFileRules
        /// `--warmup N`: unmeasured children per setting before its first repetition.
        var warmUp: Int

        init(_ arguments: inout ArgumentList) throws {
            let quick = arguments.flag("--quick")
            filter = try arguments.value("--filter").map { pattern throws(UsageError) in try CaseFilter(pattern) }
            countInstructions = arguments.flag("--instructions")
            exports = try Exports(&arguments)
            shard = try arguments.value("--shard").map { text throws(UsageError) in try Shard(parsing: text) }
            let corpus = try RunCommand.corpus(&arguments)
            inputs = try GIFInputs.resolve(try arguments.values("--gif"), corpus: corpus)
            let decoderList = try RunCommand.list(arguments.value("--decoders"))
            let windowList = try RunCommand.list(arguments.value("--windows"))
            let policies = try (RunCommand.list(arguments.value("--policies")) ?? []).flatMap { text throws(UsageError) in try PrefetchPolicy.parsingSweep(text) }
                + arguments.values("--player-file").map { path throws(UsageError) in PrefetchPolicy.file(try PlayerFile.load(path)) }
            let mode = try arguments.value("--mode").map { text throws(UsageError) in
                guard let mode = PlaybackMode(rawValue: text) else { throw UsageError("--mode takes throughput or realtime, not '\(text)'") }
                return mode
            } ?? .throughput
            let speedList = try RunCommand.list(arguments.value("--speed")) ?? ["1"]
            if speedList.isEmpty { throw UsageError("--speed needs at least one number") }
            let speeds = try RunCommand.distinct(speedList.map { text throws(UsageError) in
                try RunCommand.number(text, flag: "--speed", in: 0.01...1000)!
            })
            let device = try RunCommand.device(&arguments)
            let refresh = try RunCommand.number(arguments.value("--refresh"), flag: "--refresh", in: 1...1000) ?? device?.refreshHz ?? 60
            let displayList = try RunCommand.list(arguments.value("--display")) ?? ["full"]
            if displayList.isEmpty { throw UsageError("--display needs at least one size, such as --display 320x320 or --display full,320x320") }
            let displays = try RunCommand.distinct(displayList.map { text throws(UsageError) -> DisplaySize? in
                text == "full" ? nil : try RunCommand.displaySize(text, orFull: true)
            })
            let memoryWarningAt = try RunCommand.number(arguments.value("--memory-warning-at"), flag: "--memory-warning-at", in: 0.01...1_000_000)
            if memoryWarningAt != nil && mode != .realtime { throw UsageError("--memory-warning-at goes with --mode realtime") }
            let usableCPUs = max(1, Int(cposix_allowed_cpu_count()))
            let cpus = try arguments.integer("--cpus", in: 1...usableCPUs, note: " (the CPUs this process may run on)")
                ?? device.map { min($0.cores, usableCPUs) }
            let loops = try arguments.integer("--loops", in: 1...10_000) ?? (quick || mode == .realtime ? 1 : 3)
            let repetitions = try arguments.integer("--repetitions", in: 1...1000) ?? 3
            warmUp = try arguments.integer("--warmup", in: 0...100) ?? (mode == .throughput ? 1 : 0)
            let byteSource = try arguments.value("--bytes-from").map { text throws(UsageError) in
                guard let source = ByteSource(rawValue: text) else { throw UsageError("--bytes-from takes heap or mmap, not '\(text)'") }
                return source
            } ?? .heap
            let codecs = try CodecOption.list(&arguments, default: [.default])
            out = try arguments.value("--out") ?? "bench-results/latest"
            timeout = try arguments.integer("--timeout", in: 1...86_400) ?? 300
            let allowsSpecialFiles = arguments.flag("--allow-special-files")
            let samplerMilliseconds = try arguments.integer("--sampler-interval", in: 0...10_000) ?? Int(MemorySampler.defaultInterval * 1000)
            let slowdown = try RunCommand.fraction(arguments.value("--slow-windowed"), flag: "--slow-windowed") ?? 0
            let plantedLeak = try arguments.value("--plant-leak").map { text throws(UsageError) -> Int in
                guard let bytes = ByteSize.parse(text), bytes > 0 else { throw UsageError("--plant-leak takes a size such as 1MiB, not '\(text)'") }
                return bytes
            } ?? 0
            let limits = try RunCommand.limits(&arguments)
            fileRules = InputFileRules(maxBytes: limits.maxFileBytes, allowsSpecialFiles: allowsSpecialFiles, deadlineSeconds: Double(timeout))
            saveBaseline = try arguments.value("--save-baseline")
            gatePath = try arguments.value("--gate")
            gateBaseline = try gatePath.map { path throws(UsageError) in try BaselineFile.load(path, role: "baseline") }
            thresholdsPath = try arguments.value("--thresholds")
            thresholds = try thresholdsPath.map { path throws(UsageError) in try Thresholds.load(path) } ?? .defaults
            summary = try arguments.value("--summary")
            let gateTimes = try arguments.value("--gate-times")
            timeGating = try gateTimes.map { text throws(UsageError) in try TimeGating(parsing: text) } ?? .never
            if summary != nil && gateBaseline == nil { throw UsageError("--summary goes with --gate FILE") }
            if saveBaseline != nil && (slowdown > 0 || plantedLeak > 0) {
                throw UsageError("--save-baseline refuses a run with a test knob (--slow-windowed, --plant-leak): a baseline measures the code as it is")
            }
            if gateTimes != nil && gateBaseline == nil { throw UsageError("--gate-times goes with --gate FILE") }

            var settings: [DecoderSetting] = []
            let explicitDecoders = decoderList != nil || windowList != nil
            if windowList?.isEmpty == true { throw UsageError("--windows needs at least one window, such as --windows 4 or --windows 1,4,all") }
            if decoderList?.isEmpty == true { throw UsageError("--decoders needs at least one of eager, windowed, indexed") }
            if explicitDecoders || policies.isEmpty {
                let windows = try (windowList ?? ["\(Suite.defaultWindow)"]).map { text throws(UsageError) -> PrefetchWindow in
                    if text == "all" { return .all }
                    guard let window = Int(text), window >= 1 else { throw UsageError("--windows takes whole numbers of at least 1 or 'all', not '\(text)'") }
                    return .frames(window)
                }
                for name in decoderList ?? ["eager", "windowed", "indexed"] {
                    switch name {
                    case "eager": settings.append(.eager)
                    case "windowed": settings += windows.map { .windowed($0) }
                    case "indexed": settings += windows.map { .indexed($0) }
                    default: throw UsageError("unknown decoder '\(name)' (use eager, windowed, indexed)")
                    }
                }
            }
            settings += policies.map { .policy($0) }
            settings = RunCommand.distinct(settings)
            guard !settings.isEmpty else { throw UsageError("nothing to run: give --decoders, --windows or --policies") }
            suite = Suite(inputs: inputs, settings: settings, loops: loops, repetitions: repetitions, mode: mode, speeds: speeds,
                          refreshHz: refresh, cpus: cpus, byteSource: byteSource, codecs: codecs, samplerInterval: Double(samplerMilliseconds) / 1000,
                          windowedSlowdown: slowdown, plantedLeakBytes: plantedLeak, limits: limits)
            suite.memoryWarningAt = memoryWarningAt
            suite.device = device
            suite.displays = displays
        }
    }

    /// `--device NAME` and its overrides `--device-memory SIZE` and `--device-free SIZE`; either override alone
    /// describes a `custom` device (free memory a third of physical unless given).
    static func device(_ arguments: inout ArgumentList) throws(UsageError) -> Device? {
        let name = try arguments.value("--device")
        let memory = try arguments.value("--device-memory").map { text throws(UsageError) in
            try ByteSize.parse(text, flag: "--device-memory", example: "4GiB")
        }
        let free = try arguments.value("--device-free").map { text throws(UsageError) in
            try ByteSize.parse(text, flag: "--device-free", example: "1GiB")
        }
        guard name != nil || memory != nil || free != nil else { return nil }
        var device = try name.map { text throws(UsageError) in try Device.named(text) }
            ?? Device(name: "custom", physicalBytes: 0, freeBytes: 0, refreshHz: 60, cores: 6, source: "--device-memory, --device-free")
        if let memory {
            device.physicalBytes = UInt64(memory)
            if free == nil { device.freeBytes = UInt64(memory) / 3 }
        }
        if let free { device.freeBytes = UInt64(free) }
        guard device.physicalBytes > 0 else { throw UsageError("--device-free needs --device NAME or --device-memory SIZE") }
        guard device.freeBytes <= device.physicalBytes else {
            throw UsageError("--device-free (\(ByteSize.format(Int(device.freeBytes)))) is more than the device's memory (\(ByteSize.format(Int(device.physicalBytes))))")
        }
        return device
    }

    /// A memory warning must come while every GIF is still playing, at every speed.
    static func checkMemoryWarning(_ suite: Suite, _ files: CorpusFiles) throws(UsageError) {
        guard let at = suite.memoryWarningAt, let fastest = suite.speeds.max() else { return }
        // The warning goes out at a display tick before a frame is shown, so the last it can reach is the last frame's
        // (the end of playback less the last frame's delay); a little slack keeps 0.3 from missing 3 × 0.1.
        for input in suite.inputs {
            let known = files.gifFacts[input.name]
            let playback = Double(suite.loops) * (known?.loopSeconds ?? 0) / fastest
            let lastTick = playback - (known?.lastFrameSeconds ?? 0) / fastest
            if at > lastTick + 1e-9 {
                throw UsageError("--memory-warning-at \(Format.fixed(at, digits: 3)) s comes after \(input.name)'s last frame is shown "
                                 + "(at \(Format.fixed(lastTick, digits: 3)) s of \(Format.fixed(playback, digits: 3)) s: \(suite.loops) loop\(suite.loops == 1 ? "" : "s") at speed \(Format.fixed(fastest, digits: 2)))")
            }
        }
    }

    /// A `--display` size, or one line saying what the flag takes (and that `full` is allowed, where it is).
    static func displaySize(_ text: String, orFull: Bool) throws(UsageError) -> DisplaySize {
        guard let size = DisplaySize(parsing: text) else {
            throw UsageError("--display takes the view's size in pixels as WxH, each side 1 to 65535 (e.g. 320x320)\(orFull ? ", or 'full'" : ""), not '\(text)'")
        }
        return size
    }

    /// `--max-pixels N`, `--max-eager-bytes SIZE` and `--max-file-size SIZE`.
    static func limits(_ arguments: inout ArgumentList) throws(UsageError) -> DecodeLimits {
        var limits = DecodeLimits.default
        // The largest a GIF can state: 65 535 × 65 535.
        if let pixels = try arguments.integer("--max-pixels", in: 1...4_294_836_225) { limits.maxCanvasPixels = pixels }
        if let text = try arguments.value("--max-eager-bytes") {
            limits.maxEagerBytes = try ByteSize.parse(text, flag: "--max-eager-bytes", example: "4GiB")
        }
        if let text = try arguments.value("--max-file-size") {
            limits.maxFileBytes = try ByteSize.parse(text, flag: "--max-file-size", example: "512MiB")
        }
        return limits
    }

    /// The help lines of the flags ``limits(_:)`` and `--allow-special-files` read.
    static let limitsHelp = """
      --max-pixels N         refuse a GIF whose screen, or any frame, has more pixels than N (default: 100000000)
      --max-eager-bytes SIZE refuse to decode eagerly a GIF needing more than SIZE, e.g. 4GiB (default: 4GiB)
      --max-file-size SIZE   refuse to read more than SIZE from one file (default: 256MiB)
      --allow-special-files  read pipes, FIFOs and devices as well as regular files (up to --max-file-size, within
                             --timeout), e.g. --gif <(curl -s URL); by default only regular files are read
    """

    /// `values` without repeats, in first-seen order.
    static func distinct<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// `--corpus synthetic|real|all`, or nil when absent.
    static func corpus(_ arguments: inout ArgumentList) throws(UsageError) -> CorpusChoice? {
        try arguments.value("--corpus").map { text throws(UsageError) in
            guard let choice = CorpusChoice(rawValue: text) else { throw UsageError("--corpus takes synthetic, real or all, not '\(text)'") }
            return choice
        }
    }

    static func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// A number from 0 to 100 for a test knob.
    static func fraction(_ text: String?, flag: String) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value >= 0, value <= 100 else { throw UsageError("\(flag) takes a number from 0 to 100, not '\(text)'") }
        return value
    }

    /// A number within `range`, or one line stating the range.
    static func number(_ text: String?, flag: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(flag) takes a number from \(Format.fixed(range.lowerBound, digits: range.lowerBound < 1 ? 2 : 0)) to "
                             + "\(Format.fixed(range.upperBound, digits: 0)), not '\(text)'")
        }
        return value
    }
}
