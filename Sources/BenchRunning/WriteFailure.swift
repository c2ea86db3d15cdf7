/// A report, baseline or export that could not be written once the work was done: a full disk, a folder gone or
/// made read-only during the run. It is not bad usage (exit 2): the command ran and could not finish (exit 3).
public struct WriteFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
