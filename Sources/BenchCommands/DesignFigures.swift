import BenchPlan
import BenchReplay
import BenchReports
import BenchRunning
import BenchVerdicts
import CaseModel
import FrameDecoders
import GIFCodec
import GIFCorpus
import MemoryProbe
import PlayerModels
import PairedRunning
import BenchCLI

/// The design's figures (defaults, limits, rules and the arithmetic on them), read from the constants the code runs
/// on: `bench schema design` prints them as docs/design-figures.md, which the tests hold to this output and against
/// which `Tests/Scripts/check_figures.py` checks every figure the docs mark `<!-- figures: design -->`.
enum DesignFigures {
    struct Row {
        var figure: String
        var meaning: String
        var source: String
    }

    static func markdown() -> String {
        var text = """
        # Design figures

        The defaults, limits and rules the code runs on, as `bench schema design` prints them from its own constants.
        `Tests/Scripts/check_figures.py` checks each figure the docs give under `<!-- figures: design -->` against this
        table, and `DesignFiguresTests` checks this file against the code; regenerate it with
        `.build/release/bench schema design > docs/design-figures.md`.

        | figure | what it is | in the code |
        | --- | --- | --- |

        """
        for row in rows() {
            text += "| \(row.figure) | \(row.meaning) | `\(row.source)` |\n"
        }
        return text
    }

    static func rows() -> [Row] {
        var rows: [Row] = []
        func add(_ figure: String, _ meaning: String,
                 _ source: String) { rows.append(Row(figure: figure, meaning: meaning, source: source)) }
        let limits = DecodeLimits.default
        add(bytes(limits.maxEagerBytes), "an eager decode's limit (`--max-eager-bytes`), and a feed's (`--max-memory`)",
            "DecodeLimits.default.maxEagerBytes")
        add(bytes(FeedCase.defaultMaxMemoryBytes), "a feed's players together (`bench feed --max-memory`)",
            "FeedCase.defaultMaxMemoryBytes")
        add(bytes(limits.maxFileBytes), "a GIF file's limit (`--max-file-size`)", "DecodeLimits.default.maxFileBytes")
        add("\(limits.maxCanvasPixels / 1_000_000) megapixels", "a canvas's or frame's limit (`--max-pixels`)",
            "DecodeLimits.default.maxCanvasPixels")
        add(bytes(PlayerFile.maxBytes), "a player file's size", "PlayerFile.maxBytes")
        add(bytes(BaselineFile.maxBytes), "a baseline or thresholds file's size", "BaselineFile.maxBytes")
        add("1 B to \(bytes(ByteSize.maximum))", "what a size flag takes", "ByteSize.maximum")
        add("\(number(OptionRanges.speed.lowerBound)) to \(number(OptionRanges.speed.upperBound))", "`--speed`",
            "OptionRanges.speed")
        add("\(number(ReplayAnswer.defaultMargin))×", "the slowdown the answer names a smallest window at without "
            + "`--margin`", "ReplayAnswer.defaultMargin")
        add("\(number(OptionRanges.margin.lowerBound)) to \(number(OptionRanges.margin.upperBound))",
            "`--margin` and `--decode-slowdown`", "OptionRanges.margin")
        add("\(Int(((StallMargin.resolution - 1) * 100).rounded()))%", "how close a margin's two bounds are when the "
            + "bisection stops", "StallMargin.resolution")
        add("\(number(StallMargin.slowestSearched))×", "the largest slowdown (and speed-up) a margin's search tries",
            "StallMargin.slowestSearched")
        add("\(FrameCostTrace.pacingProbeFrames) frames", "the most frames a pacing probe decodes",
            "FrameCostTrace.pacingProbeFrames")
        add("\(number(FrameCostTrace.pacingProbeSleepSeconds)) s", "the most a pacing probe sleeps in all",
            "FrameCostTrace.pacingProbeSleepSeconds")
        add("\(number(FrameCostTrace.pacingProbeLongestSleep * 1000)) ms", "the longest a pacing probe sleeps before "
            + "one decode", "FrameCostTrace.pacingProbeLongestSleep")
        add("\(number(FrameCostTrace.freshCopyRatio))×", "a library's copy this many times its typical one wrote into "
            + "fresh pages", "FrameCostTrace.freshCopyRatio")
        add("\(number(DecodeStretch.hiccupRatio))×", "a decode above this many times the median of the last "
            + "\(DecodeStretch.recent) of its kind (that faulted or not) was held up: `--decode-slowdown` stretches it "
            + "as that bound", "DecodeStretch.hiccupRatio")
        add("\(number(OptionRanges.refreshHz.lowerBound)) to \(number(OptionRanges.refreshHz.upperBound)) Hz",
            "`--refresh`", "OptionRanges.refreshHz")
        add("\(number(OptionRanges.defaultRefreshHz)) Hz", "the display link's rate without a device or `--refresh`",
            "OptionRanges.defaultRefreshHz")
        add("\(OptionRanges.timeoutSeconds.lowerBound) to \(Format.grouped(OptionRanges.timeoutSeconds.upperBound)) s",
            "`--timeout`", "OptionRanges.timeoutSeconds")
        add("\(OptionRanges.defaultCaseTimeoutSeconds) s", "a case's `--timeout` unless told",
            "OptionRanges.defaultCaseTimeoutSeconds")
        add("\(FrameDelay.browserFloorMilliseconds) ms or less plays as \(FrameDelay.browserDefaultMilliseconds) ms",
            "a GIF frame's delay, as browsers play it",
            "FrameDelay.browserFloorMilliseconds, .browserDefaultMilliseconds")
        for spec in SyntheticCorpus.all {
            add("\(spec.frameCount) × \(Int(spec.delayCentiseconds) * 10) ms", "`\(spec.name)`: frames × delay",
                "SyntheticCorpus.all")
        }
        if let seed = SyntheticCorpus.all.first(where: { $0.name == "kingfisher-720x720x150" }) {
            add("\(Format.fixed(Double(seed.eagerBytes) / Double(1 << 20), digits: 1)) MB",
                "the seed case decoded: \(seed.frameCount) × \(seed.width) × \(seed.height) × 4 B, MB = 2²⁰",
                "SyntheticSpec.eagerBytes")
            let loopSeconds = Double(seed.frameCount * Int(seed.delayCentiseconds)) / 100
            add("\(number(Double(FeedCommand.defaultLoops) * loopSeconds)) s",
                "the default feed: \(FeedCommand.defaultLoops) loops of the seed case", "FeedCommand.defaultLoops")
        }
        add(duration(MemorySampler.defaultInterval),
            "the memory sampler's period (`--sampler-interval`), and the least gap between its per-frame readings",
            "MemorySampler.defaultInterval, PlaybackLoop.frameSampleGap")
        add(bytes(MemoryTimeline.defaultCapacity * MemoryLayout<MemorySample>.stride),
            "the memory sampler's timeline: \(MemoryTimeline.defaultCapacity) samples",
            "MemoryTimeline.defaultCapacity")
        add(bytes(LZWCodec.fastTableBytes), "the fast codec's LZW code table", "LZWCodec.fastTableBytes")
        add(bytes(Jemalloc.verificationBytes), "the block a child allocates to prove jemalloc serves it",
            "Jemalloc.verificationBytes")
        add("\(bytes(300 << 10)) → \(bytes(Jemalloc.sizeClass(for: 300 << 10)))",
            "a 320×240 frame's jemalloc size class (`nallocx`)", "Jemalloc.sizeClass(for:)")
        add(percent(Double(Jemalloc.sizeClass(for: 300 << 10)) / Double(300 << 10) - 1, digits: 1),
            "that class above the frame's bytes", "Jemalloc.sizeClass(for:)")
        add("\(number(FLAnimatedImageRule.keepAllMegabytes)) MB, \(number(FLAnimatedImageRule.keepFiveMegabytes)) MB",
            "FLAnimatedImage: decoded sizes that keep every frame, or 5",
            "FLAnimatedImageRule.keepAllMegabytes, .keepFiveMegabytes")
        add("\(number(FLAnimatedImageRule.growDelay)) s, \(number(FLAnimatedImageRule.resetDelay)) s",
            "FLAnimatedImage: after a memory warning, until the cache grows, then is lifted",
            "FLAnimatedImageRule.growDelay, .resetDelay")
        add("\(number(BrowserPlayers.webkitCutoffMegabytes)) MiB",
            "WebKit: held frames past which it frees those behind", "BrowserPlayers.webkitCutoffMegabytes")
        add("\(number(BrowserPlayers.chromiumCacheMegabytes)) MB, "
            + "\(number(BrowserPlayers.chromiumDesktopCacheMegabytes)) MB",
            "Chromium: the discardable memory its decoded frames may keep, on Android and on a desktop",
            "BrowserPlayers.chromiumCacheMegabytes, .chromiumDesktopCacheMegabytes")
        add("\(number(BrowserPlayers.firefoxThresholdMegabytes)) MiB, batches of \(BrowserPlayers.firefoxBatch)",
            "Firefox: decode-on-demand threshold and batch", "BrowserPlayers.firefoxThresholdMegabytes, .firefoxBatch")
        add("\(number(AndroidPlayers.frescoCacheMegabytes)) MiB, a "
            + "\(number(AndroidPlayers.frescoHeapClassMegabytes)) MB heap",
            "Fresco: the bitmap cache, a quarter of the heap class", "AndroidPlayers.frescoCacheMegabytes")
        add("\(percent(SDWebImageRule.physicalShare)), \(percent(SDWebImageRule.freeShare))",
            "SDWebImage: the pool's shares of physical and free memory", "SDWebImageRule.physicalShare, .freeShare")
        for device in Device.table {
            add("\(bytes(Int(device.physicalBytes))), \(gibibytes(device.freeBytes)), \(number(device.refreshHz)) Hz, "
                + "\(device.cores) cores",
                "`\(device.name)`: physical memory, free memory, refresh rate, cores", "Device.table")
        }
        add("\(number(ChartAxisRule.logarithmicSpread))×", "a chart axis turns logarithmic past this spread",
            "ChartAxisRule.logarithmicSpread")
        add("\(number(exportMinimumCPUSeconds * 1000)) ms", "the least CPU of a case whose CPU time is exported",
            "exportMinimumCPUSeconds")
        add(bytes(Int(exportFloorBytes)), "the floor added to exported byte series", "exportFloorBytes")
        add(bytes(160 * 160 * 4), "one 160×160 frame: a leak the retained-bytes floor below must still catch",
            "the rule on retained_after_release_bytes")
        let defaults = Thresholds.defaults
        add(percent(defaults.pairedLevel), "the paired gate's confidence", "Thresholds.defaults.pairedConfidence")
        for rule in defaults.pairedRules {
            var figure = percent(rule.limit, digits: 1, signed: true)
            if rule.minimumCPUSeconds > 0 { figure += ", cases of \(number(rule.minimumCPUSeconds * 1000)) ms or more" }
            if let least = rule.minimumAbsoluteChange { figure += ", at least \(Format.grouped(Int(least))) more" }
            add(figure, "paired `\(rule.metric.column)`: the band the interval must clear", "Thresholds.defaultPaired")
            if let band = rule.passLimit {
                add(percent(band, digits: 1, signed: true) + ", passes of \(number(PassJudge.minimumPassSeconds * 1000)) ms or more",
                    "paired `\(rule.metric.column)` pass by pass: the band the interval over pairs of "
                    + "workers must clear",
                    "Thresholds.defaultPaired")
            }
        }
        let pairing = PassPairing.defaults
        add("\(pairing.generations) pairs of workers, \(number(GateCommand.defaultPassSeconds)) s of passes a case",
            "`bench gate`'s warm passes: pairs of workers per case, and seconds of passes per case (`--pass-seconds`)",
            "PassPairing, GateCommand")
        add(percent(defaults.confidence), "`bench compare`'s bootstrap confidence", "Thresholds.defaults.confidence")
        for rule in defaults.rules {
            var figure = rule.kind == .absolute ? "\(bytes(Int(rule.minimumAbsoluteChange)))" : percent(rule.limit,
                                                                                                        digits: 1,
                                                                                                        signed: rule.kind == .bootstrap)
            if rule.kind != .absolute, rule.minimumAbsoluteChange > 0 {
                let least = rule.minimumAbsoluteChange
                let unit = rule.metric.measure.unit
                let text = unit == .bytes ? bytes(Int(least)) : unit == .seconds && rule.metric == .measure(rule.metric.measure) ? duration(least) : number(least)
                figure += ", and more than " + text
            }
            if rule.minimumCPUSeconds > 0 { figure += ", cases of \(number(rule.minimumCPUSeconds * 1000)) ms or more" }
            add(figure, "`bench compare` \(rule.kind.rawValue) rule on `\(rule.metric.name)`", "Thresholds.defaults")
        }
        return rows
    }

    /// `4 GiB`, `300 KiB`, `1 PiB`: exact binary units, as the docs write them.
    static func bytes(_ count: Int) -> String { ByteSize.format(count, separator: " ") }

    /// A device's free memory, which need not be whole: `1.33 GiB`.
    static func gibibytes(_ count: UInt64) -> String {
        count % (1 << 30) == 0 ? bytes(Int(count)) : "\(Format.fixed(Double(count) / Double(1 << 30), digits: 2)) GiB"
    }

    static func percent(_ fraction: Double, digits: Int = 0, signed: Bool = false) -> String {
        let value = fraction * 100
        let text = value == value.rounded() ? String(Int(value.rounded())) : Format.fixed(value, digits: digits)
        return (signed && value > 0 ? "+" : "") + text + "%"
    }

    static func duration(_ seconds: Double) -> String { seconds < 1 ? "\(number(seconds * 1000)) ms" : "\(number(seconds)) s" }

    /// A whole number without a point (`60`), else the shortest decimal (`0.01`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
