import BenchCLI
import BenchPlan

/// A command's loop said one way, whatever it steps through (a run's cases, a feed's models): a step starting is
/// the progress line with the clock's status, and a step ending is a line of its own, `LABEL: FAILED: reason` or
/// `LABEL: figures` with the time left.
struct StepProgress {
    let progress: ProgressLine
    let clock: StepClock
    /// What a step is, in the plural: `cases`, `feeds`.
    let noun: String

    /// The progress line while the step labelled `label` runs.
    func started(_ label: String) { progress.update(label + " … (\(clock.status(noun: noun)))") }

    /// The step labelled `label` ended: its failure, or the figures `figures` gives, and the estimate of the rest.
    func ended(_ label: String, failure: String?, figures: () -> String) {
        clock.stepDone()
        if let failure {
            progress.line(label + ": FAILED: " + failure)
        } else {
            progress.line(label + ": " + figures() + clock.estimate)
        }
    }
}

extension CommandSession {
    /// The progress of a loop of `count` steps, each a `noun` (plural), on this session's progress line.
    func steps(_ count: Int, noun: String) -> StepProgress {
        StepProgress(progress: progress, clock: StepClock(steps: count), noun: noun)
    }
}
