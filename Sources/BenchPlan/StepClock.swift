import BenchPlan
import Foundation

/// How far a run of equal steps has come: steps done of all, the time since the first began, and about how long the
/// rest will take at the pace so far. The gate's rounds and base build report it as they go.
final class StepClock {
    let steps: Int
    private(set) var done = 0
    private let started = Date()

    init(steps: Int) { self.steps = max(steps, 1) }

    func stepDone() { done += 1 }

    /// `2 of 40 steps done, 12.0 s elapsed, about 3.8 min left`; the estimate once a step has ended.
    var status: String {
        let elapsed = Date().timeIntervalSince(started)
        var text = "\(done) of \(steps) steps done, \(Format.duration(elapsed)) elapsed"
        if done > 0 && done < steps { text += ", about \(Format.duration(elapsed / Double(done) * Double(steps - done))) left" }
        return text
    }
}
