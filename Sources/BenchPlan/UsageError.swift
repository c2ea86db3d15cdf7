
/// A command-line mistake or unreadable input: printed as one line, exit status 2.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
