import BenchPlan
import Foundation

/// Which measuring child a command starts, passed down as a value rather than set in a global: `bench-case` beside
/// `bench`, a program of the caller's choosing (a harness of another package is its own child, started again with the
/// child's arguments), or a launcher that answers a request without a program (a test's, in its own process).
public enum MeasuringChild: Sendable {
    case besideThisBinary
    case program(String)
    /// A launcher with no program behind it: it plays cases and feeds, but a command that needs a program to start
    /// (Valgrind's instruction counts, the paired gate's warm workers) refuses it in one line.
    case launcher(any ChildLauncher)

    /// The program's path; throws a usage error naming the build command when `bench-case` is missing, or saying
    /// which command needs a program when the child is a launcher.
    public func path() throws(UsageError) -> String {
        switch self {
        case .besideThisBinary:
            let path = ((CaseRunner.ownExecutable as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(CaseRunner.childProgram)
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw UsageError("\(path) is missing; build both programs with 'swift build -c release'")
            }
            return path
        case .program(let path):
            return path
        case .launcher:
            throw UsageError("this needs the measuring child as a program to start, and it was given a launcher")
        }
    }

    /// A runner that starts this child for each case or feed, each within `timeout` seconds.
    public func runner(timeout: Double) throws(UsageError) -> CaseRunner {
        if case .launcher(let launcher) = self { return CaseRunner(launcher: launcher, timeout: timeout) }
        return CaseRunner(executable: try path(), timeout: timeout)
    }
}
