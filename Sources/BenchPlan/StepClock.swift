import Foundation
import Synchronization

/// How far a run of equal steps has come: steps done of all, the time since the first began, and about how long the
/// rest will take at the pace so far. A run's cases, a feed's models and the gate's rounds report it as they go.
public final class StepClock: Sendable {
    public let steps: Int
    private let state: Mutex<(done: Int, started: Date)>

    /// A clock of `steps` steps whose elapsed time counts from `started` (by default now).
    public init(steps: Int, started: Date = Date()) {
        self.steps = max(steps, 1)
        state = Mutex((0, started))
    }

    public func stepDone() { state.withLock { $0.done += 1 } }

    /// `2 of 40 steps done, 12.0 s elapsed, about 3.8 min left`; the estimate once a step has ended.
    public var status: String { status(noun: "steps") }

    /// The status with the steps named: `2 of 40 cases done, …`.
    public func status(noun: String) -> String {
        let (done, started) = state.withLock { ($0.done, $0.started) }
        let elapsed = Date().timeIntervalSince(started)
        return "\(done) of \(steps) \(noun) done, \(Format.duration(elapsed)) elapsed" + left(done: done, elapsed: elapsed)
    }

    /// `, about 3.8 min left` (or `, under 1 s left`) at the pace so far; empty before the first step ends and after
    /// the last.
    public var estimate: String {
        let (done, started) = state.withLock { ($0.done, $0.started) }
        return left(done: done, elapsed: Date().timeIntervalSince(started))
    }

    private func left(done: Int, elapsed: Double) -> String {
        done > 0 && done < steps ? ", \(Self.rough(elapsed / Double(done) * Double(steps - done))) left" : ""
    }

    /// An estimate as precise as it can be: `under 1 s`, `about 18 s`, `about 3.8 min`.
    static func rough(_ seconds: Double) -> String {
        seconds < 1 ? "under 1 s" : "about " + (seconds < 90 ? "\(Int(seconds.rounded(.up))) s" : Format.duration(seconds))
    }
}
