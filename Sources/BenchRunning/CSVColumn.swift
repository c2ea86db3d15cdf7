import CaseModel
import BenchPlan
import FrameDecoders

/// A column of the CSV that describes a case rather than measures it: what was played, how, and how it ended.
public enum CaseColumn: String, CaseIterable, Sendable {
    case gif, width, height, frames
    case fileBytes = "file_bytes"
    case decoder, window, policy, loops, mode, repetition
    case framesHash = "frames_hash"
    case speed, cpus
    case bytesFrom = "bytes_from"
    case truncated, status, failure
    /// The LZW decoder the case drew its frames with (`fast` or `giflib`).
    case codec
    /// The device whose memory sized the players (`--device`), or `host`.
    case device
    /// The size frames were kept at: the display's (`--display`, aspect fit) when it is smaller than the GIF, else the
    /// GIF's own.
    case displayWidth = "display_width"
    case displayHeight = "display_height"
    /// The hash of the display-sized frames; empty when frames were kept at full size (`frames_hash` is always the
    /// full-size frames').
    case displayFramesHash = "display_frames_hash"
    /// The setting as the report's tables name it: `windowed w=4`, `kingfisher: 10 ahead`.
    case setting

    /// What the column holds, as docs/running.md's column contract says it (`bench schema columns`).
    public var meaning: String {
        switch self {
        case .gif: "the GIF's name (a path's stem, or a built-in GIF's name)"
        case .width, .height: "the GIF's screen"
        case .frames: "the GIF's frames"
        case .fileBytes: "the GIF file's size"
        case .decoder: "`eager`, `windowed`, `indexed`, or a library's player"
        case .window: "frames decoded ahead; empty where every frame is held (eager, `w=all`)"
        case .policy: "what chose the decoder: a `--windows` value, `all`, a library with its settings, or a budget"
        case .loops: "loops played"
        case .mode: "`throughput` (the next frame as soon as it can be had) or `realtime` (a display link asks at "
                    + "each deadline)"
        case .repetition: "1-based repetition of the case"
        case .framesHash: "FNV-1a 64 over the frames' own FNV-1a 64 values (little-endian) for one more loop, played "
                          + "after the measured interval"
        case .speed: "real-time playback speed (2 = twice as fast as the GIF's delays)"
        case .cpus: "CPUs the child was pinned to (`--cpus`), 0 for all it may use"
        case .bytesFrom: "where the child kept the GIF's bytes: `heap` or `mmap`"
        case .truncated: "whether the file ends inside a frame"
        case .status: "`ok`, or `failed`"
        case .failure: "why a case failed (crash with its signal, timeout, bad input); empty when it did not"
        case .codec: "the LZW decoder the frames were drawn with: `fast` (the default) or `giflib` (`--codec`); a "
                     + "baseline row without it was made with giflib"
        case .device: "the device whose memory sized the players (`--device`), or `host`"
        case .displayWidth, .displayHeight:
            "the size the frames were kept at: the view's (`--display`, aspect fit) when it is smaller than the GIF, "
            + "else the GIF's own"
        case .displayFramesHash:
            "with `--display` smaller than the GIF: the `frames_hash` of the display-sized frames (`frames_hash` is "
            + "then the full-size frames')"
        case .setting: "the setting as the report's tables name it: `eager`, `windowed w=4`, `kingfisher: 10 ahead`"
        }
    }

    public var unit: MetricUnit {
        switch self {
        case .width, .height, .frames, .window, .loops, .repetition, .cpus, .displayWidth, .displayHeight: .count
        case .fileBytes: .bytes
        case .speed: .ratio
        case .gif, .decoder, .policy, .mode, .framesHash, .bytesFrom, .truncated, .status, .failure, .codec, .device, .displayFramesHash, .setting: .text
        }
    }

    /// This column's value in `result`, when it is a number.
    public func number(in result: CaseResult) -> Double? {
        switch self {
        case .width: Double(result.width)
        case .height: Double(result.height)
        case .frames: Double(result.frames)
        case .fileBytes: Double(result.fileBytes)
        case .window: result.benchCase.decoder.holdsEveryFrame ? nil : Double(result.benchCase.decoder.windowColumn(frameCount: result.frames))
        case .loops: Double(result.benchCase.loops)
        case .repetition: Double(result.benchCase.repetition)
        case .speed: result.benchCase.speed
        case .cpus: result.benchCase.cpus.map(Double.init) ?? 0
        case .displayWidth: Double(result.keptSize.width)
        case .displayHeight: Double(result.keptSize.height)
        case .gif, .decoder, .policy, .mode, .framesHash, .bytesFrom, .truncated, .status, .failure, .codec, .device, .displayFramesHash, .setting: nil
        }
    }

    /// The CSV cell.
    public func cell(in result: CaseResult) -> String {
        switch self {
        case .gif: return result.benchCase.gif
        case .decoder: return result.benchCase.decoder.name
        case .policy: return result.benchCase.policy
        case .mode: return result.benchCase.mode.rawValue
        case .bytesFrom: return result.benchCase.byteSource.rawValue
        case .codec: return result.benchCase.codec.rawValue
        case .device: return result.benchCase.device ?? "host"
        case .truncated: return result.failure == nil ? String(result.truncated) : ""
        case .cpus: return String(result.benchCase.cpus ?? 0)
        case .setting: return result.benchCase.label(frames: result.frames)
        case .speed: return Format.fixed(result.benchCase.speed, digits: 3)
        case .framesHash: return result.framesHash
        case .displayFramesHash: return result.displayFramesHash ?? ""
        case .status: return result.failure == nil ? "ok" : "failed"
        case .failure: return result.failure ?? ""
        case .loops, .repetition: return number(in: result).map { String(Int($0)) } ?? ""
        case .width, .height, .frames, .fileBytes, .window, .displayWidth, .displayHeight:
            return result.failure == nil ? number(in: result).map { String(Int($0)) } ?? "" : ""
        }
    }
}

/// One CSV column: a ``CaseColumn`` that describes the case, or a ``Measure``. The order of ``allCases`` is a contract
/// with baselines and docs/running.md's "Report columns"; a measure declared later than that order joins at the end.
public enum CSVColumn: Hashable, Sendable {
    case describing(CaseColumn)
    case measured(Measure)

    /// Every column, in CSV order.
    public static let allCases: [CSVColumn] = {
        let contract: [CSVColumn] = [
            .describing(.gif), .describing(.width), .describing(.height), .describing(.frames), .describing(.fileBytes),
            .describing(.decoder), .describing(.window), .describing(.policy), .describing(.loops), .describing(.mode),
            .describing(.repetition), .measured(.cpuUser), .measured(.cpuSystem), .measured(.cpuTotal),
            .measured(.wall),
            .measured(.jemallocAllocatedPeak), .measured(.jemallocActivePeak), .measured(.jemallocResidentPeak),
            .measured(.rssPeak), .measured(.frameBytesTheoretical), .measured(.retainedAfterRelease),
            .measured(.mallocCount),
            .measured(.firstFrame), .measured(.frameDecodeP50), .measured(.frameDecodeP99), .measured(.stalls),
            .describing(.framesHash), .measured(.latenessTotal), .measured(.latenessP99), .measured(.animation),
            .measured(.cpuPerAnimationSecond), .describing(.speed), .describing(.cpus), .describing(.bytesFrom),
            .measured(.rssStart), .measured(.partialFrames), .describing(.truncated), .describing(.status),
            .describing(.failure), .measured(.instructions), .measured(.rssGrowth), .describing(.codec),
        ]
        let listed = Set(contract)
        return contract + Measure.allCases.map(CSVColumn.measured).filter { !listed.contains($0) }
            + CaseColumn.allCases.map(CSVColumn.describing).filter { !listed.contains($0) }
    }()

    /// The column named `column`, or nil.
    public init?(column: String) {
        if let measure = Measure(rawValue: column) {
            self = .measured(measure)
        } else if let described = CaseColumn(rawValue: column) {
            self = .describing(described)
        } else {
            return nil
        }
    }

    /// The CSV header name.
    public var column: String {
        switch self {
        case .describing(let column): column.rawValue
        case .measured(let measure): measure.column
        }
    }

    public var unit: MetricUnit {
        switch self {
        case .describing(let column): column.unit
        case .measured(let measure): measure.unit
        }
    }

    /// Which way is better, for a measure a gate rule may judge; `nil` for a column that describes the case.
    public var polarity: Polarity? {
        if case .measured(let measure) = self { measure.polarity } else { nil }
    }

    /// The values a number in this column can take; `nil` for text.
    public var validRange: ClosedRange<Double>? {
        switch self {
        case .measured(let measure): measure.validRange
        case .describing(let column):
            switch column {
            case .window: -1...Double(1 << 53)
            case .speed: 0...1e6
            case .fileBytes: 0...Double(1 << 50)
            default: column.unit == .text ? nil : 0...Double(1 << 53)
            }
        }
    }

    /// This column's value in `result`, as a number when it is one.
    public func number(in result: CaseResult) -> Double? {
        switch self {
        case .describing(let column): column.number(in: result)
        case .measured(let measure): result.value(measure)
        }
    }

    /// The CSV cell: integers for counts and bytes, seconds with microsecond resolution, text as is; a failed case
    /// leaves its measures empty.
    public func cell(in result: CaseResult) -> String {
        switch self {
        case .describing(let column): return column.cell(in: result)
        case .measured(let measure):
            guard result.failure == nil, let value = result.value(measure) else { return "" }
            switch measure.unit {
            case .seconds: return Format.seconds(value)
            case .ratio: return Format.fixed(value, digits: 3)
            default: return String(Int(value))
            }
        }
    }
}

extension CaseResult {
    /// The size the case's frames were kept at: the display's when it is smaller than the GIF, else the GIF's.
    public var keptSize: (width: Int, height: Int) {
        benchCase.display?.heldSize(screenWidth: width, screenHeight: height) ?? (width, height)
    }
}
