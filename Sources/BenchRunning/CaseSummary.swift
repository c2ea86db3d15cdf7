import CaseModel
import BenchPlan
import GIFCodec

/// Median, min and max of one metric over the successful repetitions of a case.
public struct MetricSummary: Sendable, Codable, Hashable {
    public var median: Double
    public var min: Double
    public var max: Double
    /// 95% bootstrap interval of the median, for CPU and wall time.
    public var interval: ConfidenceInterval?
}

/// One GIF × decoder × window, summarised over repetitions.
public struct CaseSummary: Sendable, Codable {
    public var gif: String
    public var decoder: DecoderChoice
    public var window: Int
    public var policy: String
    public var mode: PlaybackMode
    /// The first repetition's case: how this row was played (speed, CPUs, byte source).
    public var setting: BenchCase
    public var width: Int
    public var height: Int
    public var frames: Int
    public var fileBytes: Int
    public var loops: Int
    public var repetitions: Int
    public var failures: Int
    /// Real time: the repetitions with a stall or a dropped frame ("stalled in k of n repetitions"); nil in a report
    /// made before it was counted.
    public var roughRepetitions: Int?
    /// CSV column → summary.
    public var metrics: [String: MetricSummary]

    /// What makes this row one case: the key the gate, the charts and the reports' pairings use.
    public var identity: CaseIdentity { setting.identity }

    /// The median of `measure`, or 0 when no repetition succeeded.
    public func median(_ measure: Measure) -> Double { metrics[measure.column]?.median ?? 0 }

    /// No stall and no dropped frame in any repetition (stalls recorded, as real time records them).
    public var playsSmoothly: Bool {
        metrics[Measure.stalls.column]?.max == 0 && (metrics[Measure.droppedFrames.column]?.max ?? 0) == 0
    }

    /// "stalled in 1 of 3 repetitions", "dropped frames in 3 of 3 repetitions": how often a real-time row did not play
    /// smoothly; nil when it always did, or when the report did not count it.
    public var roughness: String? {
        guard let rough = roughRepetitions, rough > 0 else { return nil }
        let what = median(.stalls) > 0 || (metrics[Measure.stalls.column]?.max ?? 0) > 0 ? "stalled" : "dropped frames"
        return "\(what) in \(rough) of \(repetitions) repetition\(repetitions == 1 ? "" : "s")"
    }

    /// CPU seconds per loop (median of cpu_total_s ÷ loops).
    public var cpuPerLoop: Double { median(.cpuTotal) / Double(max(loops, 1)) }

    /// The CPU per second of animation an answer weighs: the player's (its threads, apart from the harness's), or the
    /// whole process's in a report made before the player's was measured.
    public var answerCPU: Measure {
        metrics[Measure.cpuPlayerPerAnimationSecond.column] != nil ? .cpuPlayerPerAnimationSecond : .cpuPerAnimationSecond
    }

    /// Groups results by case identity, in first-seen order.
    public static func summarise(_ results: [CaseResult]) -> [CaseSummary] {
        var order: [CaseIdentity] = []
        var groups: [CaseIdentity: [CaseResult]] = [:]
        for result in results {
            let key = result.benchCase.identity
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        return order.map { key in
            let group = groups[key]!
            let ok = group.filter { $0.failure == nil }
            let first = ok.first ?? group[0]
            var metrics: [String: MetricSummary] = [:]
            if !ok.isEmpty {
                for measure in Measure.allCases {
                    let values = ok.compactMap { $0.value(measure) }
                    guard !values.isEmpty else { continue }
                    metrics[measure.column] = MetricSummary(
                        median: Statistics.median(values), min: values.min() ?? 0, max: values.max() ?? 0,
                        interval: measure.hasInterval ? Statistics.bootstrapMedianInterval(values) : nil)
                }
            }
            return CaseSummary(gif: first.benchCase.gif, decoder: first.benchCase.decoder,
                               window: first.benchCase.decoder.windowColumn(frameCount: first.frames),
                               policy: first.benchCase.policy, mode: first.benchCase.mode, setting: first.benchCase,
                               width: first.width, height: first.height, frames: first.frames,
                               fileBytes: first.fileBytes,
                               loops: first.benchCase.loops, repetitions: ok.count, failures: group.count - ok.count,
                               roughRepetitions: first.benchCase.mode == .realtime ? ok.filter { $0[.stalls] > 0 || $0[.droppedFrames] > 0 }.count : nil,
                               metrics: metrics)
        }
    }
}

extension Collection<CaseSummary> {
    /// The codecs these rows were drawn with, in `LZWCodec`'s order: more than one means a report groups by codec.
    public var codecs: [LZWCodec] { LZWCodec.allCases.filter { codec in contains { $0.setting.codec == codec } } }
}

extension CaseSummary {
    /// The setting as a person names it, with a library's real rule for this GIF rather than a window number, and
    /// the settings changed from the library's defaults by its property names: "eager", "windowed w=4",
    /// "kingfisher: 10 ahead", "kingfisher (framePreloadCount = 3): 3 ahead", "sdwebimage: a pool of 2,437 frames: all
    /// 150".
    public var label: String { setting.label(frames: frames) }

    /// A library player's rule for this GIF in a few words ("10 ahead", "a pool of 2,437 frames: all 150"); nil for a
    /// decoder.
    public var libraryRule: String? { setting.libraryRule(frames: frames) }

    /// The library player this row plays, if any.
    public var library: DecoderChoice? { decoder.isLibrary ? decoder : nil }
}

extension BenchCase {
    /// The setting as the tables name it for a GIF of `frames` frames (``CaseSummary/label``); the CSV's `setting`.
    public func label(frames: Int) -> String {
        identity.decoder.libraryLabel(frames: frames) ?? identity.decoderLabel
    }

    /// A library player's rule for a GIF of `frames` frames in a few words; nil for a decoder.
    public func libraryRule(frames: Int) -> String? { identity.decoder.libraryRule(frames: frames) }
}
