import CaseModel
import BenchPlan
import BenchReplay
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCLI
import CPosix
import FrameDecoders
import Foundation
import GIFCodec
import MemoryProbe

extension RunCommand {
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
        /// How input files may be read: regular files up to `--max-file-size`, special ones with
        /// `--allow-special-files`.
        var fileRules: InputFileRules
        /// `--warmup N`: unmeasured children per setting before its first repetition.
        var warmUp: Int
        /// `--markdown`: every table on stdout, not only the answer.
        var fullMarkdown: Bool
        /// `--worker-plan`: print each case's warm-worker command line for `bench gate`, and play nothing.
        var workerPlan: Bool
        /// Settings the run adds beside those asked for, so the answer has its reference (`--no-references` leaves
        /// them out): eager, and each swept library's default.
        var references: [DecoderSetting] = []
        /// `--margin LIST`: the slowdowns the answer names a smallest window at, besides 1×.
        var margins: [Double]

        init(_ arguments: inout ArgumentList, players: PlayerRegistry) throws {
            let quick = arguments.flag("--quick")
            filter = try arguments.value("--filter").map { pattern throws(UsageError) in try CaseFilter(pattern) }
            countInstructions = arguments.flag("--instructions")
            fullMarkdown = arguments.flag("--markdown")
            workerPlan = arguments.flag("--worker-plan")
            exports = try Exports(&arguments)
            shard = try arguments.value("--shard").map { text throws(UsageError) in try Shard(parsing: text) }
            let corpus = try SharedFlags.corpus(&arguments)
            inputs = try GIFInputs.resolve(try arguments.values("--gif"), corpus: corpus, acceptsWebP: true)
            let decoderList = try SharedFlags.list(arguments.value("--decoders"))
            let windowList = try SharedFlags.list(arguments.value("--windows"))
            let policies = try (SharedFlags.list(arguments.value("--policies")) ?? []).flatMap { text throws(UsageError) in
                try DecoderSetting.parsingSweep(text, players: players)
            } + PlayerFile.loadAll(arguments.values("--player-file")).map { DecoderSetting.file($0) }
            let mode = try arguments.value("--mode").map { text throws(UsageError) in
                guard let mode = PlaybackMode(rawValue: text) else { throw UsageError("--mode takes throughput or realtime, not '\(text)'") }
                return mode
            } ?? .throughput
            let speedList = try SharedFlags.list(arguments.value("--speed")) ?? ["1"]
            if speedList.isEmpty { throw UsageError("--speed needs at least one number") }
            let speeds = try SharedFlags.distinct(speedList.map { text throws(UsageError) in
                try SharedFlags.number(text, flag: "--speed", in: OptionRanges.speed)!
            })
            let marginList = try SharedFlags.list(arguments.value("--margin"))
                ?? [Format.fixed(ReplayAnswer.defaultMargin, digits: 0)]
            if marginList.isEmpty { throw UsageError("--margin needs at least one slowdown, such as --margin 4") }
            margins = try SharedFlags.distinct(marginList.map { text throws(UsageError) in
                try SharedFlags.number(text, flag: "--margin", in: OptionRanges.margin)!
            })
            let device = try RunCommand.device(&arguments)
            let refresh = try SharedFlags.number(arguments.value("--refresh"), flag: "--refresh",
                                                in: OptionRanges.refreshHz) ?? device?.refreshHz ?? OptionRanges.defaultRefreshHz
            let displayList = try SharedFlags.list(arguments.value("--display")) ?? ["full"]
            if displayList.isEmpty { throw UsageError("--display needs at least one size, such as --display 320x320 or "
                                                      + "--display full,320x320") }
            let displays = try SharedFlags.distinct(displayList.map { text throws(UsageError) -> DisplaySize? in
                text == "full" ? nil : try RunCommand.displaySize(text, orFull: true)
            })
            let memoryWarningAt = try SharedFlags.number(arguments.value("--memory-warning-at"),
                                                        flag: "--memory-warning-at", in: 0.01...1_000_000)
            if memoryWarningAt != nil && mode != .realtime { throw UsageError("--memory-warning-at goes with "
                                                                              + "--mode realtime") }
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
            timeout = try arguments.integer("--timeout",
                                            in: OptionRanges.timeoutSeconds) ?? OptionRanges.defaultCaseTimeoutSeconds
            let allowsSpecialFiles = arguments.flag("--allow-special-files")
            let samplerMilliseconds = try arguments.integer("--sampler-interval", in: 0...10_000) ?? Int(MemorySampler.defaultInterval * 1000)
            let slowdown = try SharedFlags.fraction(arguments.value("--slow-windowed"), flag: "--slow-windowed") ?? 0
            let plantedLeak = try arguments.value("--plant-leak").map { text throws(UsageError) -> Int in
                guard let bytes = ByteSize.parse(text), bytes > 0 else { throw UsageError("--plant-leak takes a size such as 1MiB, not '\(text)'") }
                return bytes
            } ?? 0
            let plantedPageFaults = try arguments.value("--plant-page-faults").map { text throws(UsageError) -> Int in
                guard let bytes = ByteSize.parse(text), bytes > 0, bytes <= 1 << 30 else {
                    throw UsageError("--plant-page-faults takes a size from 1B to 1GiB such as 4MiB, not '\(text)'")
                }
                return bytes
            } ?? 0
            let decodeSlowdown = try SharedFlags.number(arguments.value("--decode-slowdown"), flag: "--decode-slowdown",
                                                       in: OptionRanges.margin) ?? 1
            let limits = try SharedFlags.limits(&arguments)
            fileRules = InputFileRules(maxBytes: limits.maxFileBytes, allowsSpecialFiles: allowsSpecialFiles,
                                       deadlineSeconds: Double(timeout))
            saveBaseline = try arguments.value("--save-baseline")
            gatePath = try arguments.value("--gate")
            gateBaseline = try gatePath.map { path throws(UsageError) in try BaselineFile.load(path, role: "baseline") }
            thresholdsPath = try arguments.value("--thresholds")
            thresholds = try thresholdsPath.map { path throws(UsageError) in try Thresholds.load(path) } ?? .defaults
            summary = try arguments.value("--summary")
            let gateTimes = try arguments.value("--gate-times")
            timeGating = try gateTimes.map { text throws(UsageError) in try TimeGating(parsing: text) } ?? .never
            if summary != nil && gateBaseline == nil { throw UsageError("--summary goes with --gate FILE") }
            if saveBaseline != nil && (slowdown > 0 || plantedLeak > 0 || plantedPageFaults > 0 || decodeSlowdown != 1) {
                throw UsageError("--save-baseline refuses a run with a test knob (--slow-windowed, --plant-leak, "
                                 + "--plant-page-faults, --decode-slowdown): a baseline measures the code as it is")
            }
            if gateTimes != nil && gateBaseline == nil { throw UsageError("--gate-times goes with --gate FILE") }

            var settings: [DecoderSetting] = []
            let explicitDecoders = decoderList != nil || windowList != nil
            if windowList?.isEmpty == true { throw UsageError("--windows needs at least one window, such as --windows "
                                                              + "4 or --windows 1,4,all") }
            if decoderList?.isEmpty == true { throw UsageError("--decoders needs at least one of \(DecoderKind.names)") }
            if explicitDecoders || policies.isEmpty {
                let windows = try (windowList ?? ["\(Suite.defaultWindow)"]).map { text throws(UsageError) -> PrefetchWindow in
                    if text == "all" { return .all }
                    guard let window = Int(text), window >= 1 else { throw UsageError("--windows takes whole numbers of at least 1 or 'all', not '\(text)'") }
                    return .frames(window)
                }
                for name in decoderList ?? DecoderKind.all.map(\.name) {
                    guard let kind = DecoderKind.named(name) else { throw UsageError("unknown decoder '\(name)' (use \(DecoderKind.names))") }
                    settings += kind.takesWindow ? windows.map { .kind(kind, $0) } : [.kind(kind, .all)]
                }
            }
            settings += policies
            settings = SharedFlags.distinct(settings)
            guard !settings.isEmpty else { throw UsageError("nothing to run: give --decoders, --windows or --policies") }
            if !arguments.flag("--no-references") {
                references = Suite.references(besides: settings)
                settings = SharedFlags.distinct(references.filter(\.isEager) + settings + references.filter { !$0.isEager })
            }
            suite = Suite(inputs: inputs, settings: settings, loops: loops, repetitions: repetitions, mode: mode,
                          speeds: speeds, refreshHz: refresh, cpus: cpus, byteSource: byteSource, codecs: codecs,
                          samplerInterval: Double(samplerMilliseconds) / 1000, windowedSlowdown: slowdown,
                          plantedLeakBytes: plantedLeak, limits: limits)
            suite.memoryWarningAt = memoryWarningAt
            suite.plantedPageFaultBytes = plantedPageFaults
            suite.decodeSlowdown = decodeSlowdown
            suite.device = device
            suite.displays = displays
        }
    }
}
