import CaseModel
import BenchPlan
import BenchRunning

/// One metric of one GIF and setting, baseline against current.
public struct Comparison: Sendable {
    public enum Verdict: String, Sendable {
        case regressed
        case improved
        case withinNoise = "within noise"
        /// Reported but not gated: a figure that depends on the host's speed, when the gate may not compare those.
        case notGated = "not gated"
        /// In the current run only.
        case new
        /// In the baseline only: the current run lacks a case the baseline has, which fails the gate.
        case missing
        /// The case failed (crash, timeout, bad input) in the current run, which fails the gate.
        case failed
        /// A figure the gate promised and could not judge (no count on one side, too few rounds, a side that did not
        /// run): a failure where the gate is strict, as in CI.
        case unjudged = "not judged"
    }

    /// What a row compares: one gated figure, the frames, or the case as a whole.
    public enum Subject: Sendable, Hashable, CustomStringConvertible {
        /// A measure, or its ratio to eager's, judged by a rule.
        case figure(GatedFigure)
        /// The frames' hash: any change is a regression.
        case frames
        /// The case itself, in one run only (new or missing).
        case wholeCase
        /// The case's status in the current run (failed).
        case outcome

        /// The name the gate's reports give it: the figure's (`cpu_total_s`), `frames_hash`, `all` or `status`.
        public var description: String {
            switch self {
            case .figure(let figure): figure.name
            case .frames: CaseColumn.framesHash.rawValue
            case .wholeCase: "all"
            case .outcome: "status"
            }
        }

        /// A measure's own figure.
        public static func measure(_ measure: Measure) -> Subject { .figure(.measure(measure)) }
    }

    /// Which cases a row is about: one GIF played with one setting, or every GIF of a setting at once.
    public enum Scope: Sendable, Hashable {
        case one(CaseIdentity)
        /// The `count` GIFs played with the setting of `setting` (any one of them names it): the paired gate's
        /// aggregate.
        case everyGIF(of: CaseIdentity, count: Int)

        /// The case that names the row's setting.
        public var identity: CaseIdentity {
            switch self {
            case .one(let identity), .everyGIF(of: let identity, count: _): identity
            }
        }
    }

    public var scope: Scope
    public var metric: Subject
    public var unit: MetricUnit
    public var baseline: Double?
    public var current: Double?
    /// current ÷ baseline − 1 of the medians.
    public var change: Double?
    /// For bootstrap rules: the confidence interval of the change.
    public var interval: ConfidenceInterval?
    public var verdict: Verdict
    /// Why a figure was not gated, when it was not.
    public var note: String?
    /// The smallest change for the worse this row would have judged a regression, given its rule and, for an
    /// interval, the spread it measured: what a "within noise" could have caught. Nil where the row was not judged.
    public var resolution: Resolution?

    /// A row's resolution: a relative change (+0.05 for +5%), or an amount in the row's unit (bytes).
    public enum Resolution: Sendable, Hashable {
        case relative(Double)
        case absolute(Double)

        /// The relative resolution of a rule that needs `limit` and more than `floor` on a figure of `baseline`.
        static func relative(limit: Double, floor: Double, baseline: Double) -> Resolution {
            .relative(max(limit, baseline > 0 ? floor / baseline : 0))
        }
    }

    /// The GIF's name, or `all GIFs (N)` for an aggregate: a label derived from the scope.
    public var gif: String {
        switch scope {
        case .one(let identity): identity.gif
        case .everyGIF(of: _, count: let count): "\(Self.allGIFs) (\(count))"
        }
    }

    /// The setting's label (`windowed w=4`), derived from the scope's case.
    public var setting: String { scope.identity.setting }

    /// The label of an aggregate row's GIFs, before their count.
    public static let allGIFs = "all GIFs"
}
