import BenchRunning
import CaseModel

/// The report's columns as docs/running.md states them ("Report columns"), made from the declarations: every column of
/// ``Metric/allCases``, in CSV order, each once. A meaning is a case of an exhaustive switch, so a new column does not
/// build until it says what it is; `bench schema columns` prints the table and a test holds the document to it.
public enum ColumnContract {
    /// The Markdown table: column, unit, meaning.
    public static func markdown() -> String {
        var lines = ["| column | unit | meaning |", "| --- | --- | --- |"]
        for metric in Metric.allCases {
            lines.append("| `\(metric.column)` | \(unit(metric)) | \(meaning(metric)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func unit(_ metric: Metric) -> String {
        switch metric {
        case .describing(.width), .describing(.height), .describing(.displayWidth), .describing(.displayHeight): "px"
        case .describing(.framesHash), .describing(.displayFramesHash): "hex"
        case .measured(.framesPerCPUSecond): "frames/s"
        case .describing(let column): name(column.unit)
        case .measured(let measure): name(measure.unit)
        }
    }

    static func name(_ unit: MetricUnit) -> String {
        switch unit {
        case .bytes: "bytes"
        case .seconds: "s"
        case .count: "count"
        case .ratio: "ratio"
        case .text: "–"
        }
    }

    static func meaning(_ metric: Metric) -> String {
        switch metric {
        case .describing(let column): meaning(column)
        case .measured(let measure): meaning(measure)
        }
    }

    static func meaning(_ column: CaseColumn) -> String {
        switch column {
        case .gif: "the GIF's name (a path's stem, or a built-in GIF's name)"
        case .width, .height: "the GIF's screen"
        case .frames: "the GIF's frames"
        case .fileBytes: "the GIF file's size"
        case .decoder: "`eager`, `windowed`, `indexed`, or a library's player"
        case .window: "frames decoded ahead (eager: the frame count)"
        case .policy: "what chose the decoder: a `--windows` value, `all`, a library with its settings, or a budget"
        case .loops: "loops played"
        case .mode: "`throughput` (the next frame as soon as it can be had) or `realtime` (a display link asks at each deadline)"
        case .repetition: "1-based repetition of the case"
        case .framesHash: "FNV-1a 64 over the frames' own FNV-1a 64 values (little-endian) for one more loop, played after the measured interval"
        case .speed: "real-time playback speed (2 = twice as fast as the GIF's delays)"
        case .cpus: "CPUs the child was pinned to (`--cpus`), 0 for all"
        case .bytesFrom: "where the child kept the GIF's bytes: `heap` or `mmap`"
        case .truncated: "whether the file ends inside a frame"
        case .status: "`ok`, or `failed`"
        case .failure: "why a case failed (crash with its signal, timeout, bad input); empty when it did not"
        case .codec: "the LZW decoder the frames were drawn with: `fast` (the default) or `giflib` (`--codec`); a baseline row without it was made with giflib"
        case .device: "the device whose memory sized the players (`--device`), or `host`"
        case .displayWidth, .displayHeight:
            "the size the frames were kept at: the view's (`--display`, aspect fit) when it is smaller than the GIF, else the GIF's own"
        case .displayFramesHash:
            "with `--display` smaller than the GIF: the `frames_hash` of the display-sized frames (`frames_hash` is then the full-size frames')"
        }
    }

    static func meaning(_ measure: Measure) -> String {
        switch measure {
        case .cpuUser: "`getrusage` user time, all threads, from building the decoder to the end of playback"
        case .cpuSystem: "`getrusage` system time over the same interval"
        case .cpuTotal: "`CLOCK_PROCESS_CPUTIME_ID` over the same interval (decoding, prefetch thread, sampler)"
        case .wall: "the monotonic clock over the same interval"
        case .jemallocAllocatedPeak: "peak of jemalloc's `stats.allocated` (the process's, GIF bytes and runtime included)"
        case .jemallocActivePeak: "peak of jemalloc's `stats.active`"
        case .jemallocResidentPeak: "peak of jemalloc's `stats.resident`"
        case .retainedAfterRelease:
            "allocated after the decoder was released, minus allocated before it was built, both right after a thread-cache flush; signed"
        case .mallocCount: "allocation requests from building the decoder to releasing it"
        case .rssPeak: "the kernel's `VmHWM` of the child"
        case .rssStart: "`VmRSS` of the child before the decoder was built"
        case .frameBytesTheoretical:
            "the pixels the decoder's own memory rule says it holds (`EagerDecoder.pixelBytes`, `WindowedDecoder.pixelBytes`)"
        case .firstFrame: "from building the decoder to having frame 0 in hand"
        case .frameDecodeP50, .frameDecodeP99: "per-frame compositing time over the first loop, median and 99th percentile"
        case .stalls: "frames not ready at their deadline (real-time mode; 0 in throughput mode)"
        case .latenessTotal: "how late the frames that stalled were shown, in all (real-time mode)"
        case .latenessP99: "the 99th percentile of a frame's lateness (real-time mode)"
        case .animation: "seconds of animation played: the effective delays ÷ speed, over all loops"
        case .cpuPerAnimationSecond: "`cpu_total_s ÷ animation_s`: CPU per second of animation shown"
        case .partialFrames: "frames drawn only partly (damaged data), over all loops"
        case .droppedFrames: "frames a player that does not wait skipped because they were not decoded at their tick (real-time mode)"
        case .heldFramesMax: "the most decoded frames alive at once, counted by the decoder: stored, on screen and being drawn"
        case .heldFramesBeforeWarning, .heldFramesAfterWarning:
            "with `--memory-warning-at`: decoded frames alive just before and just after the player answered the warning"
        case .allocatedBeforeWarning, .allocatedAfterWarning:
            "with `--memory-warning-at`: jemalloc's `stats.allocated` just before and just after the warning was answered"
        case .stallsAfterWarning: "with `--memory-warning-at`: stalls from the warning to the end of playback"
        case .scaling:
            "with `--display` smaller than the GIF: CPU time spent downscaling frames, on the clock of the thread that decoded them"
        case .instructions:
            "with `--instructions`: instructions all threads executed in the measured interval under Callgrind, counted once per case"
        case .rssGrowth: "`rss_peak_bytes − rss_start_bytes`: what the case added to the child's resident memory"
        case .framesPerCPUSecond: "frames shown per CPU second (`frames × loops ÷ cpu_total_s`), the one larger-is-better figure"
        }
    }
}
