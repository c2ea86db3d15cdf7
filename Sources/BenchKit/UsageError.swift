import BenchCore

/// A command-line mistake or unreadable input: printed as one line, exit status 2.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The exit statuses of `bench` (README, "Other commands").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case regression = 1
    case usage = 2
    case internalFailure = 3
}
