/// The exit statuses of `bench` (README.md, "Other commands").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case regression = 1
    case usage = 2
    case internalFailure = 3
}
