/// The unit a figure is in, for headers and for formatting.
public enum MetricUnit: String, Sendable {
    case bytes, seconds, count, ratio, text
}

/// Which way a measurement should move: the gate calls a move the other way a regression, and the dashboard exports
/// carry only smaller-is-better figures under that name.
public enum Polarity: String, Sendable {
    case smallerIsBetter, largerIsBetter
}

/// Everything a case measures, declared once: its CSV column, its JSON key, its unit, which way is better, the
/// values it can take, and — for a figure derived from others — its formula. A ``CaseResult`` holds measures as
/// data (`[Measure: Double]`), filled by one producer per source (`Measure+Producers.swift`); the CSV, the summaries,
/// the gate and the exports read them from this declaration, so a new measure is this case and its producer.
public enum Measure: String, CaseIterable, Sendable, Hashable, Codable {
    // CPU clocks (`CPUTimes`).
    case cpuUser = "cpu_user_s"
    case cpuSystem = "cpu_sys_s"
    case cpuTotal = "cpu_total_s"
    case wall = "wall_s"
    // jemalloc (the sampler's peaks, and readings around the playback).
    case jemallocAllocatedPeak = "jemalloc_allocated_peak_bytes"
    case jemallocActivePeak = "jemalloc_active_peak_bytes"
    case jemallocResidentPeak = "jemalloc_resident_peak_bytes"
    case retainedAfterRelease = "retained_after_release_bytes"
    case mallocCount = "malloc_count"
    // The kernel (`/proc/self/status`).
    case rssPeak = "rss_peak_bytes"
    /// VmRSS of the child before the decoder was built (runtime, libraries, the GIF bytes).
    case rssStart = "rss_start_bytes"
    /// The decoder's own memory rule for this GIF.
    case frameBytesTheoretical = "frame_bytes_theoretical"
    // Playback (`PlaybackObservation`).
    case firstFrame = "first_frame_s"
    case frameDecodeP50 = "frame_decode_p50_s"
    case frameDecodeP99 = "frame_decode_p99_s"
    case stalls
    case latenessTotal = "lateness_total_s"
    case latenessP99 = "lateness_p99_s"
    /// Seconds of animation played (effective delays ÷ speed, over all loops).
    case animation = "animation_s"
    /// Frames that came out partial (bad data), over all loops.
    case partialFrames = "partial_frames"
    /// Frames skipped because they were not decoded in time, by a player that does not wait (real-time mode).
    case droppedFrames = "dropped_frames"
    /// The most decoded frames alive at once, counted by the decoder: stored, on screen, and being drawn.
    case heldFramesMax = "held_frames_max"
    /// `--memory-warning-at`: decoded frames alive just before and just after the warning was handled.
    case heldFramesBeforeWarning = "held_frames_before_warning"
    case heldFramesAfterWarning = "held_frames_after_warning"
    /// `--memory-warning-at`: jemalloc's `stats.allocated` just before and just after the warning was handled.
    case allocatedBeforeWarning = "allocated_before_warning_bytes"
    case allocatedAfterWarning = "allocated_after_warning_bytes"
    /// `--memory-warning-at`: stalls from the warning to the end of playback.
    case stallsAfterWarning = "stalls_after_warning"
    /// `--display`: CPU seconds the decoder spent downscaling frames to the display size, on its decoding thread.
    case scaling = "scaling_s"
    /// Instructions executed in the measured interval under Callgrind (`--instructions`); absent when not counted.
    case instructions
    // Derived from the measures above.
    case cpuPerAnimationSecond = "cpu_per_animation_s"
    /// What the case added to the child's resident memory: `rss_peak_bytes − rss_start_bytes`.
    case rssGrowth = "rss_growth_bytes"
    /// Frames shown per CPU second (frames × loops ÷ `cpu_total_s`): the player's throughput, larger is better.
    case framesPerCPUSecond = "frames_per_cpu_s"
    // The CPU by thread: the player's apart from the harness's (each thread's own clock).
    /// The playing thread's CPU over the interval, less the memory samples it took for the harness.
    case cpuPlayingThread = "cpu_playing_thread_s"
    /// The decoder's own decoding thread's CPU over the interval (0 for a decoder that has none).
    case cpuDecodingThread = "cpu_decoding_thread_s"
    /// The memory sampler's CPU over the interval: its thread's and the samples it took on the playing thread.
    case cpuSampler = "cpu_sampler_s"
    /// Derived: the player's CPU, `cpu_playing_thread_s + cpu_decoding_thread_s`.
    case cpuPlayer = "cpu_player_s"
    /// Derived: the harness's CPU, `cpu_total_s − cpu_player_s` (the sampler, the child's bookkeeping).
    case cpuHarness = "cpu_harness_s"
    /// Derived: the player's CPU per second of animation, `cpu_player_s ÷ animation_s`.
    case cpuPlayerPerAnimationSecond = "cpu_player_per_animation_s"
    /// Minor page faults over the measured interval: pages the kernel mapped and zeroed on first touch.
    case minorFaults = "minor_faults"
    /// Voluntary context switches over the measured interval: a thread waited (a lock, a condition, I/O).
    case voluntarySwitches = "voluntary_context_switches"

    /// The CSV column.
    public var column: String { rawValue }

    /// The key schema 1 wrote this measure under in a result's JSON (before the reports' snake-case conversion):
    /// read, never written, so baselines and reports made before schema 2 stay readable. Schema 2 writes ``column``.
    public var firstSchemaKey: String {
        switch self {
        case .cpuUser: "cpuUserSeconds"
        case .cpuSystem: "cpuSystemSeconds"
        case .cpuTotal: "cpuTotalSeconds"
        case .wall: "wallSeconds"
        case .jemallocAllocatedPeak: "jemallocAllocatedPeakBytes"
        case .jemallocActivePeak: "jemallocActivePeakBytes"
        case .jemallocResidentPeak: "jemallocResidentPeakBytes"
        case .retainedAfterRelease: "retainedAfterReleaseBytes"
        case .mallocCount: "mallocCount"
        case .rssPeak: "rssPeakBytes"
        case .rssStart: "rssStartBytes"
        case .frameBytesTheoretical: "frameBytesTheoretical"
        case .firstFrame: "firstFrameSeconds"
        case .frameDecodeP50: "frameDecodeP50Seconds"
        case .frameDecodeP99: "frameDecodeP99Seconds"
        case .stalls: "stalls"
        case .latenessTotal: "latenessTotalSeconds"
        case .latenessP99: "latenessP99Seconds"
        case .animation: "animationSeconds"
        case .partialFrames: "partialFrames"
        case .droppedFrames: "droppedFrames"
        case .heldFramesMax: "heldFramesMax"
        case .heldFramesBeforeWarning: "heldFramesBeforeWarning"
        case .heldFramesAfterWarning: "heldFramesAfterWarning"
        case .allocatedBeforeWarning: "allocatedBeforeWarningBytes"
        case .allocatedAfterWarning: "allocatedAfterWarningBytes"
        case .stallsAfterWarning: "stallsAfterWarning"
        case .instructions: "instructions"
        case .cpuPerAnimationSecond: "cpuPerAnimationSecond"
        case .rssGrowth: "rssGrowthBytes"
        case .framesPerCPUSecond: "framesPerCPUSecond"
        case .scaling: "scalingSeconds"
        case .cpuPlayingThread: "cpuPlayingThreadSeconds"
        case .cpuDecodingThread: "cpuDecodingThreadSeconds"
        case .cpuSampler: "cpuSamplerSeconds"
        case .cpuPlayer: "cpuPlayerSeconds"
        case .cpuHarness: "cpuHarnessSeconds"
        case .cpuPlayerPerAnimationSecond: "cpuPlayerPerAnimationSecond"
        case .minorFaults: "minorFaults"
        case .voluntarySwitches: "voluntarySwitches"
        }
    }

    /// What the measure is, as docs/running.md's column contract says it (`bench schema columns`).
    public var meaning: String {
        switch self {
        case .cpuUser: "`getrusage` user time, all threads, from building the decoder to the end of playback"
        case .cpuSystem: "`getrusage` system time over the same interval"
        case .cpuTotal: "`CLOCK_PROCESS_CPUTIME_ID` over the same interval (decoding, prefetch thread, sampler)"
        case .wall: "the monotonic clock over the same interval"
        case .jemallocAllocatedPeak: "peak of jemalloc's `stats.allocated` (the process's, GIF bytes and "
                                     + "runtime included)"
        case .jemallocActivePeak: "peak of jemalloc's `stats.active`"
        case .jemallocResidentPeak: "peak of jemalloc's `stats.resident`"
        case .retainedAfterRelease:
            "allocated after the decoder was released, minus allocated before it was built, both right after a "
            + "thread-cache flush; signed"
        case .mallocCount: "allocation requests from building the decoder to releasing it"
        case .rssPeak: "the kernel's `VmHWM` of the child"
        case .rssStart: "`VmRSS` of the child before the decoder was built"
        case .frameBytesTheoretical:
            "the pixels the decoder's own memory rule says it holds (`EagerDecoder.pixelBytes`, "
            + "`WindowedDecoder.pixelBytes`)"
        case .firstFrame: "from building the decoder to having frame 0 in hand"
        case .frameDecodeP50, .frameDecodeP99: "per-frame compositing time over the first loop (the decoding thread's "
                                               + "CPU clock; eager's, the monotonic clock), median and 99th percentile"
        case .stalls: "frames not ready at their deadline (real-time mode; 0 in throughput mode)"
        case .latenessTotal: "how late the frames that stalled were shown, in all (real-time mode)"
        case .latenessP99: "the 99th percentile of a frame's lateness (real-time mode)"
        case .animation: "seconds of animation played: the effective delays ÷ speed, over all loops"
        case .cpuPerAnimationSecond: "`cpu_total_s ÷ animation_s`: CPU per second of animation shown"
        case .partialFrames: "frames drawn only partly (damaged data), over all loops"
        case .droppedFrames: "frames a player that does not wait skipped because they were not decoded at their tick "
                             + "(real-time mode)"
        case .heldFramesMax: "the most decoded frames alive at once, counted by the decoder: stored, on screen "
                             + "and being drawn"
        case .heldFramesBeforeWarning, .heldFramesAfterWarning:
            "with `--memory-warning-at`: decoded frames alive just before and just after the player "
            + "answered the warning"
        case .allocatedBeforeWarning, .allocatedAfterWarning:
            "with `--memory-warning-at`: jemalloc's `stats.allocated` just before and just after the "
            + "warning was answered"
        case .stallsAfterWarning: "with `--memory-warning-at`: stalls from the warning to the end of playback"
        case .scaling:
            "with `--display` smaller than the GIF: CPU time spent downscaling frames, on the clock of the thread "
            + "that decoded them"
        case .instructions:
            "with `--instructions`: instructions all threads executed in the measured interval under Callgrind, "
            + "counted once per case"
        case .rssGrowth: "`rss_peak_bytes − rss_start_bytes`: what the case added to the child's resident memory"
        case .framesPerCPUSecond: "frames shown per CPU second (`frames × loops ÷ cpu_total_s`), the one "
                                  + "larger-is-better figure"
        case .cpuPlayingThread:
            "the playing thread's CPU over the interval, by its own clock (building the decoder, taking frames, the "
            + "display link), less the memory samples it took"
        case .cpuDecodingThread: "the decoder's own decoding thread's CPU over the interval, by that thread's clock (0 "
                                 + "when it has none)"
        case .cpuSampler: "the memory sampler's CPU over the interval: its thread's, and the samples it took on the "
                          + "playing thread"
        case .cpuPlayer: "`cpu_playing_thread_s + cpu_decoding_thread_s`: the player's CPU, apart from the harness's"
        case .cpuHarness: "`cpu_total_s − cpu_player_s`: the harness's CPU (the sampler, the child's bookkeeping)"
        case .cpuPlayerPerAnimationSecond: "`cpu_player_s ÷ animation_s`: the player's CPU per second of "
                                           + "animation shown"
        case .minorFaults:
            "`getrusage` minor page faults over the interval, all threads: pages the kernel mapped and zeroed on first "
            + "touch, which instructions cannot see"
        case .voluntarySwitches: "`getrusage` voluntary context switches over the interval, all threads: a thread "
                                 + "waited on a lock, a condition or I/O"
        }
    }

    public var unit: MetricUnit {
        switch self {
        case .jemallocAllocatedPeak, .jemallocActivePeak, .jemallocResidentPeak, .retainedAfterRelease, .rssPeak, .rssStart,
             .frameBytesTheoretical, .rssGrowth, .allocatedBeforeWarning, .allocatedAfterWarning: .bytes
        case .cpuUser, .cpuSystem, .cpuTotal, .wall, .firstFrame, .frameDecodeP50, .frameDecodeP99, .latenessTotal, .latenessP99,
             .animation, .cpuPerAnimationSecond, .scaling, .cpuPlayingThread, .cpuDecodingThread, .cpuSampler, .cpuPlayer,
             .cpuHarness, .cpuPlayerPerAnimationSecond: .seconds
        case .mallocCount, .stalls, .partialFrames, .instructions, .droppedFrames, .heldFramesMax, .heldFramesBeforeWarning,
             .heldFramesAfterWarning, .stallsAfterWarning, .minorFaults, .voluntarySwitches: .count
        case .framesPerCPUSecond: .ratio
        }
    }

    /// Which way is better; `nil` for a figure that describes the case rather than judges it (its animation's length,
    /// the decoder's rule, the child's start-up RSS), which no gate rule may name.
    public var polarity: Polarity? {
        switch self {
        case .frameBytesTheoretical, .animation, .rssStart, .heldFramesBeforeWarning, .allocatedBeforeWarning: nil
        case .framesPerCPUSecond: .largerIsBetter
        default: .smallerIsBetter
        }
    }

    /// The values this measure can take; a report with a figure outside is refused (docs/bad-input.md).
    /// Retained bytes and RSS growth are signed: a case may leave less allocated than it found.
    public var validRange: ClosedRange<Double> {
        switch self {
        case .retainedAfterRelease, .rssGrowth: -Double(1 << 50)...Double(1 << 50)
        default:
            switch unit {
            case .bytes: 0...Double(1 << 50)
            case .seconds: 0...1e6
            case .count: 0...Double(1 << 53)
            case .ratio, .text: 0...1e12
            }
        }
    }

    /// Summaries give these a 95% bootstrap interval of the median: the noisy figures a reader compares.
    public var hasInterval: Bool {
        [.cpuTotal, .wall, .cpuUser, .firstFrame, .cpuPerAnimationSecond, .cpuPlayer, .cpuPlayerPerAnimationSecond].contains(self)
    }

    /// How a derived measure is computed from a result; `nil` for a measure some producer records.
    var formula: (@Sendable (CaseResult) -> Double?)? {
        switch self {
        case .cpuPerAnimationSecond:
            { result in result.stored(.animation).flatMap { animation in animation > 0 ? (result.stored(.cpuTotal) ?? 0) / animation : 0 } }
        case .rssGrowth:
            { result in result.stored(.rssPeak).flatMap { peak in result.stored(.rssStart).map { peak - $0 } } }
        case .framesPerCPUSecond:
            { result in result.stored(.cpuTotal).map { cpu in cpu > 0 ? Double(result.frames * result.benchCase.loops) / cpu : 0 } }
        case .cpuPlayer:
            { result in result.stored(.cpuPlayingThread).flatMap { playing in result.stored(.cpuDecodingThread).map { playing + $0 } } }
        case .cpuHarness:
            { result in Measure.cpuPlayer.formula?(result).flatMap { player in result.stored(.cpuTotal).map { max(0, $0 - player) } } }
        case .cpuPlayerPerAnimationSecond:
            { result in Measure.cpuPlayer.formula?(result).flatMap { player in result.stored(.animation).map { $0 > 0 ? player / $0 : 0 } } }
        default: nil
        }
    }

    /// Whether a producer records this measure (and a result's JSON carries it), rather than a formula.
    public var isStored: Bool { formula == nil }
}
