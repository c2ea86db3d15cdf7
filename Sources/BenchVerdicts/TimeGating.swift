import BenchPlan
/// Whether `bench compare` and `bench run --gate` judge absolute CPU and wall times against the baseline's.
///
/// Absolute times from two runs are comparable only when one quiet host made both, and nothing inside a report can
/// prove that: machines made from one image share their `/etc/machine-id`, and a short calibration moves with load.
/// So times are reported and not judged unless the user vouches for the host; the paired gate (`bench gate`), which
/// runs the baseline's code beside the candidate, is how CPU is judged.
public enum TimeGating: String, Sendable, CaseIterable {
    /// Report times, judge memory, malloc counts, instructions and frames (the default).
    case never
    /// Judge times too: the user vouches that both runs come from one quiet host.
    case always

    /// Parses `--gate-times`; the removed `auto` gets its own explanation.
    public init(parsing text: String) throws(UsageError) {
        if text == "auto" {
            throw UsageError("--gate-times auto was removed: machines made from one image share a machine id, so no "
                             + "report can prove "
                             + "it came from this host; judge CPU with 'bench gate' (paired against the baseline's "
                             + "commit), or say always")
        }
        guard let value = TimeGating(rawValue: text) else { throw UsageError("--gate-times takes never or "
                                                                             + "always, not '\(text)'") }
        self = value
    }
}
