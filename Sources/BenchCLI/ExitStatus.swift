/// The exit statuses of `bench` (README.md, "Other commands").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case regression = 1
    case usage = 2
    /// The command could not finish: it was interrupted, or the tool itself failed.
    case internalFailure = 3
    /// The command finished and wrote its report, but left something out: an input it skipped (unreadable,
    /// unplayable, over a limit) or a case that failed (timed out, crashed, played changed bytes). The report's
    /// rows say which, so a script can tell "done, look at the gaps" from "could not finish".
    case incomplete = 4
}
