import BenchCore

/// The unit a metric is measured in, for headers and for formatting.
public enum MetricUnit: String, Sendable {
    case bytes, seconds, count, ratio, text
}

/// Which way a measurement should move: the gate calls a move the other way a regression, and the dashboard exports
/// carry only smaller-is-better figures under that name.
public enum Polarity: String, Sendable {
    case smallerIsBetter, largerIsBetter
}

/// Every CSV column of a case row, in order: the columns README's "Report columns" documents, a contract with baselines.
public enum Metric: String, CaseIterable, Sendable {
    case gif, width, height, frames
    case fileBytes = "file_bytes"
    case decoder, window, policy, loops, mode, repetition
    case cpuUser = "cpu_user_s"
    case cpuSystem = "cpu_sys_s"
    case cpuTotal = "cpu_total_s"
    case wall = "wall_s"
    case jemallocAllocatedPeak = "jemalloc_allocated_peak_bytes"
    case jemallocActivePeak = "jemalloc_active_peak_bytes"
    case jemallocResidentPeak = "jemalloc_resident_peak_bytes"
    case rssPeak = "rss_peak_bytes"
    case frameBytesTheoretical = "frame_bytes_theoretical"
    case retainedAfterRelease = "retained_after_release_bytes"
    case mallocCount = "malloc_count"
    case firstFrame = "first_frame_s"
    case frameDecodeP50 = "frame_decode_p50_s"
    case frameDecodeP99 = "frame_decode_p99_s"
    case stalls
    case framesHash = "frames_hash"
    case latenessTotal = "lateness_total_s"
    case latenessP99 = "lateness_p99_s"
    case animation = "animation_s"
    case cpuPerAnimationSecond = "cpu_per_animation_s"
    case speed
    case cpus
    case bytesFrom = "bytes_from"
    case rssStart = "rss_start_bytes"
    case partialFrames = "partial_frames"
    case truncated
    case status
    case failure
    /// Instructions executed in the measured interval under Callgrind (`--instructions`); empty when not counted.
    case instructions
    /// What the case added to the child's resident memory: `rss_peak_bytes − rss_start_bytes`.
    case rssGrowth = "rss_growth_bytes"
    /// The LZW decoder the case drew its frames with (`fast` or `giflib`); last, so earlier columns keep their places.
    case codec

    /// The CSV header name.
    public var column: String { rawValue }

    public var unit: MetricUnit {
        switch self {
        case .fileBytes, .jemallocAllocatedPeak, .jemallocActivePeak, .jemallocResidentPeak, .rssPeak,
             .frameBytesTheoretical, .retainedAfterRelease, .rssStart, .rssGrowth: .bytes
        case .cpuUser, .cpuSystem, .cpuTotal, .wall, .firstFrame, .frameDecodeP50, .frameDecodeP99,
             .latenessTotal, .latenessP99, .animation, .cpuPerAnimationSecond: .seconds
        case .width, .height, .frames, .window, .loops, .repetition, .mallocCount, .stalls, .partialFrames, .cpus, .instructions: .count
        case .speed: .ratio
        case .gif, .decoder, .policy, .mode, .framesHash, .status, .failure, .bytesFrom, .truncated, .codec: .text
        }
    }

    /// Which way is better, for a measurement; `nil` for a column that describes the case (its GIF, decoder, size,
    /// how it was played) or the run's facts (frames hash, status), which no gate rule may judge.
    public var polarity: Polarity? {
        switch self {
        case .cpuUser, .cpuSystem, .cpuTotal, .wall, .jemallocAllocatedPeak, .jemallocActivePeak, .jemallocResidentPeak, .rssPeak,
             .rssGrowth, .retainedAfterRelease, .mallocCount, .firstFrame, .frameDecodeP50, .frameDecodeP99, .stalls, .latenessTotal,
             .latenessP99, .cpuPerAnimationSecond, .partialFrames, .instructions:
            .smallerIsBetter
        case .gif, .width, .height, .frames, .fileBytes, .decoder, .window, .policy, .loops, .mode, .repetition,
             .frameBytesTheoretical, .framesHash, .animation, .speed, .cpus, .bytesFrom, .rssStart, .truncated, .status, .failure, .codec:
            nil
        }
    }

    /// The values a measurement can take; a report with a figure outside is refused (README, "Bad input").
    /// Retained bytes and RSS growth are signed: a case may leave less allocated than it found.
    public var validRange: ClosedRange<Double>? {
        switch self {
        case .retainedAfterRelease, .rssGrowth: -Double(1 << 50)...Double(1 << 50)
        case .window: -1...Double(1 << 53)
        default:
            switch unit {
            case .bytes: 0...Double(1 << 50)
            case .seconds: 0...1e6
            case .count: 0...Double(1 << 53)
            case .ratio: 0...1e6
            case .text: nil
            }
        }
    }

    /// This metric's value in `result`, as a number when it is one.
    public func number(in result: CaseResult) -> Double? {
        switch self {
        case .width: Double(result.width)
        case .height: Double(result.height)
        case .frames: Double(result.frames)
        case .fileBytes: Double(result.fileBytes)
        case .window: Double(result.benchCase.decoder.windowColumn(frameCount: result.frames))
        case .loops: Double(result.benchCase.loops)
        case .repetition: Double(result.benchCase.repetition)
        case .cpuUser: result.cpuUserSeconds
        case .cpuSystem: result.cpuSystemSeconds
        case .cpuTotal: result.cpuTotalSeconds
        case .wall: result.wallSeconds
        case .jemallocAllocatedPeak: Double(result.jemallocAllocatedPeakBytes)
        case .jemallocActivePeak: Double(result.jemallocActivePeakBytes)
        case .jemallocResidentPeak: Double(result.jemallocResidentPeakBytes)
        case .rssPeak: Double(result.rssPeakBytes)
        case .frameBytesTheoretical: Double(result.frameBytesTheoretical)
        case .retainedAfterRelease: Double(result.retainedAfterReleaseBytes)
        case .mallocCount: Double(result.mallocCount)
        case .firstFrame: result.firstFrameSeconds
        case .frameDecodeP50: result.frameDecodeP50Seconds
        case .frameDecodeP99: result.frameDecodeP99Seconds
        case .stalls: Double(result.stalls)
        case .rssStart: Double(result.rssStartBytes)
        case .partialFrames: Double(result.partialFrames)
        case .latenessTotal: result.latenessTotalSeconds
        case .latenessP99: result.latenessP99Seconds
        case .animation: result.animationSeconds
        case .cpuPerAnimationSecond: result.cpuPerAnimationSecond
        case .speed: result.benchCase.speed
        case .cpus: result.benchCase.cpus.map(Double.init) ?? 0
        case .instructions: result.instructions.map(Double.init)
        case .rssGrowth: Double(result.rssPeakBytes - result.rssStartBytes)
        case .gif, .decoder, .policy, .mode, .framesHash, .status, .failure, .bytesFrom, .truncated, .codec: nil
        }
    }

    /// The CSV cell: integers for counts and bytes, seconds with microsecond resolution, text as is.
    public func cell(in result: CaseResult) -> String {
        switch self {
        case .gif: return result.benchCase.gif
        case .decoder: return result.benchCase.decoder.name
        case .policy: return result.benchCase.policy
        case .mode: return result.benchCase.mode.rawValue
        case .bytesFrom: return result.benchCase.byteSource.rawValue
        case .codec: return result.benchCase.codec.rawValue
        case .truncated: return result.failure == nil ? String(result.truncated) : ""
        case .cpus: return result.benchCase.cpus.map(String.init) ?? "all"
        case .speed: return Format.fixed(result.benchCase.speed, digits: 3)
        case .framesHash: return result.framesHash
        case .status: return result.failure == nil ? "ok" : "failed"
        case .failure: return result.failure ?? ""
        default:
            if result.failure != nil && ![.loops, .repetition].contains(self) { return "" }
            guard let value = number(in: result) else { return "" }
            return unit == .seconds ? Format.seconds(value) : String(Int(value))
        }
    }
}
