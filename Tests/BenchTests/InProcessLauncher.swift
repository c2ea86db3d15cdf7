import BenchCore
import BenchRunning
import CaseModel
import Foundation
import Synchronization

/// A measuring child in the test's own process: it answers each request through ``ChildEntry/answer(_:program:players:)``,
/// the code `bench-case` runs, without starting a program. Tests of the parent's logic (flags, plans, progress,
/// reports, exit statuses) use it; a test of a figure a child measures starts the real program, whose jemalloc and
/// peak RSS are its own. Requests are answered one at a time: a case purges jemalloc and resets the process's peak.
/// It holds no time limit (only a process can be killed), and it refuses a feed, whose ledger would follow every
/// thread this process starts from then on: each is a failed child, in one line.
struct InProcessLauncher: ChildLauncher {
    private static let oneAtATime = Mutex<Void>(())
    /// The players this "program" brings, as a harness's child would be handed them.
    var players: PlayerRegistry = .none

    func launch(_ arguments: [String], timeout: Double, shouldStop: () -> Bool) throws(ChildStartError) -> ChildOutcome {
        if shouldStop() { return ChildOutcome(exitStatus: nil, interrupted: true) }
        let request = ChildRequest(arguments: arguments)
        if case .feed? = request {
            return ChildOutcome(standardError: Data("in-process: a feed plays in a process of its own\n".utf8), exitStatus: 2)
        }
        let answer = Self.oneAtATime.withLock { _ in ChildEntry.answer(request, players: players) }
        return ChildOutcome(standardOutput: Data(answer.output.utf8), standardError: Data(answer.errors.utf8),
                            exitStatus: answer.status)
    }
}
