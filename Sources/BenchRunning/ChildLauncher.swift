/// What starts a measuring child for a ``CaseRunner``: the seam between the parent's logic (turning a reply, a crash
/// or a timeout into a row) and the process that plays a case. ``ProcessLauncher`` starts `bench-case`; a test can
/// stand in a launcher of its own to drive the parent without a process.
public protocol ChildLauncher: Sendable {
    /// Runs the child with `arguments` (a ``ChildRequest``) within `timeout` seconds and returns how it ended.
    func launch(_ arguments: [String], timeout: Double, shouldStop: () -> Bool) throws(ChildStartError) -> ChildOutcome
}

/// Starts `executable` as a fresh process per request, with Swift's backtracer off in it: the launcher of every run.
public struct ProcessLauncher: ChildLauncher {
    public let executable: String

    public init(executable: String) { self.executable = executable }

    public func launch(_ arguments: [String], timeout: Double,
                       shouldStop: () -> Bool) throws(ChildStartError) -> ChildOutcome {
        try ChildProcess.run(executable, arguments, timeout: timeout, environment: ["SWIFT_BACKTRACE": "enable=no"],
                             shouldStop: shouldStop)
    }
}
