import BenchPlan
import Foundation

/// Which program a command starts as its measuring child, passed down as a value rather than set in a global:
/// `bench-case` beside `bench`, or a program of the caller's choosing (a harness of another package is its own child,
/// started again with the child's arguments).
public enum MeasuringChild: Sendable, Equatable {
    case besideThisBinary
    case program(String)

    /// The program's path; throws a usage error naming the build command when `bench-case` is missing.
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
        }
    }
}
