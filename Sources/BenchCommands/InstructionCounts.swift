import CaseModel
import BenchPlan
import BenchRunning
import BenchCLI
import Dispatch
import Synchronization

/// `bench run --instructions`: one Callgrind run per case (its first repetition), after the timed runs, as many
/// at once as there are cores: a count does not depend on what else the machine is doing.
enum InstructionCounts {
    /// Counts the first successful repetition of every case and stores the count in that row; a count that fails
    /// fails its row, since the user asked for it and a gate would otherwise miss it.
    static func add(to results: inout [CaseResult], counter: InstructionCounter, progress: ProgressLine,
                    shouldStop: @escaping @Sendable () -> Bool) {
        let indices = results.indices.filter { results[$0].failure == nil && results[$0].benchCase.repetition == 1 }
        let cases = indices.map { results[$0].benchCase }
        let outcomes = Mutex<[Int: Result<Int, InstructionCountError>]>([:])
        let finished = Atomic<Int>(0)
        progress.update("instructions: counting \(cases.count) cases under Callgrind …")
        DispatchQueue.concurrentPerform(iterations: cases.count) { position in
            if shouldStop() { return }
            let benchCase = cases[position]
            let outcome = counter.count(benchCase, shouldStop: shouldStop)
            if shouldStop() { return }
            outcomes.withLock { $0[position] = outcome }
            let done = finished.add(1, ordering: .relaxed).newValue
            let figure = switch outcome {
            case .success(let count): "\(Format.fixed(Double(count) / 1e6, digits: 1)) M"
            case .failure(let error): "FAILED: \(error.description)"
            }
            outcomes.withLock { _ in
                progress.line("[\(done)/\(cases.count)] instructions · \(benchCase.gif) · "
                              + "\(benchCase.decoderLabel): \(figure)")
            }
        }
        for (position, outcome) in outcomes.withLock({ $0 }) {
            switch outcome {
            case .success(let count): results[indices[position]][.instructions] = Double(count)
            case .failure(let error): results[indices[position]].failure = "instruction count: \(error.description)"
            }
        }
    }
}
