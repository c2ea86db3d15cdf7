import BenchRunning
import BenchPlan
import CaseModel
import Foundation

/// One case's warm passes on both sides, in the order they ran: within a generation of workers the sides strictly
/// alternate, A B A B …, so every pass follows one of the other side's.
public struct PassSeries: Sendable {
    /// One measured pass.
    public struct Pass: Sendable {
        /// Which pair of workers (0, 1, …) played it.
        public var generation: Int
        public var isBase: Bool
        public var figures: PassFigures

        public init(generation: Int, isBase: Bool, figures: PassFigures) {
            self.generation = generation
            self.isBase = isBase
            self.figures = figures
        }
    }

    /// The case, without planted faults (the base has none).
    public var identity: CaseIdentity
    public var passes: [Pass] = []
    /// Why a worker stopped, when one did: the case is then not judged (its rounds show the failure too).
    public var failure: String?

    public init(identity: CaseIdentity) {
        self.identity = identity
    }

    /// The base's passes.
    public var base: [PassFigures] { passes.filter(\.isBase).map(\.figures) }
    /// The candidate's passes.
    public var candidate: [PassFigures] { passes.filter { !$0.isBase }.map(\.figures) }

    /// The passes by generation, each in the order it ran.
    public var generations: [[Pass]] {
        var groups: [[Pass]] = []
        for pass in passes {
            while groups.count <= pass.generation { groups.append([]) }
            groups[pass.generation].append(pass)
        }
        return groups.filter { !$0.isEmpty }
    }
}

/// The paired gate's time, pass by pass: for each case, one warm worker per side, pinned to the same CPU, asked for
/// passes alternately A B A B …, so whatever disturbs a stretch of time (a neighbour, the frequency) disturbs both
/// sides alike, and every pass starts on a core the other side just used. (With A B B A, a pass that followed its
/// own side's ran a few percent faster than one that followed the other's, which widened every pair's spread.)
///
/// A process has a speed of its own: where its heap and frame buffers landed in physical memory can move a
/// memory-bound pass for the process's whole life (in a clean A/A gate, one pair of workers of one build differed by
/// 10% on an eager case). So each case is played by ``generations`` fresh pairs of workers, and the judge takes its
/// interval over generations, which samples that effect instead of mistaking it for the code's. Each generation gets
/// an equal share of the case's seconds, at least ``minimumPasses`` passes a side and at most ``maximumPasses``.
public struct PassPairing: Sendable {
    public var base: (plan: WorkerPlan, child: String, name: String)
    public var candidate: (plan: WorkerPlan, child: String)
    /// Seconds of passes per case, both sides together, once the minimum is met.
    public var secondsPerCase: Double
    /// Pairs of workers per case.
    public var generations = 16
    /// Passes per side and generation.
    public var minimumPasses = 2
    public var maximumPasses = 150
    /// Unmeasured passes per worker first: the first pass pays for first touches of the allocator's pages.
    public var warmUpPasses = 1
    /// Seconds one pass may take.
    public var timeout: Double

    /// The defaults, with no plans: what `bench schema design` prints.
    public static let defaults = PassPairing(
        base: (WorkerPlan(cases: []), "", ""), candidate: (WorkerPlan(cases: []), ""), secondsPerCase: 0, timeout: 0)

    public init(
        base: (plan: WorkerPlan, child: String, name: String), candidate: (plan: WorkerPlan, child: String),
        secondsPerCase: Double, timeout: Double
    ) {
        self.base = base
        self.candidate = candidate
        self.secondsPerCase = secondsPerCase
        self.timeout = timeout
    }

    /// Whether the base plays the first pass of `generation`: the generations take turns.
    public static func baseFirst(generation: Int) -> Bool { generation % 2 == 0 }

    /// Every case of the candidate's plan that the base's plan holds too, paired; stops early, with the cases that
    /// finished, when `shouldStop` says so. `progress` hears each case as it starts and about once a second after.
    public func run(progress: (String) -> Void, shouldStop: () -> Bool) throws(UsageError) -> [PassSeries] {
        var baseEntries: [CaseIdentity: WorkerPlan.Entry] = [:]
        for entry in base.plan.entries { baseEntries[entry.benchCase.identity.unplanted] = entry }
        let shared = candidate.plan.entries.filter { baseEntries[$0.benchCase.identity.unplanted] != nil }
        let clock = StepClock(steps: shared.count)
        var series: [PassSeries] = []
        for (index, entry) in shared.enumerated() {
            if shouldStop() { break }
            let identity = entry.benchCase.identity.unplanted
            let name = "\(identity.gif) · \(identity.decoderLabel)"
            progress("passes · case \(index + 1)/\(shared.count) · \(name) · \(clock.status)")
            var pairs = PassSeries(identity: identity)
            var lastNote = Date()
            do throws(UsageError) {
                try play(&pairs, base: baseEntries[identity]!, candidate: entry, name: name, lastNote: &lastNote) {
                    passesSoFar, generation in
                    let label = "passes · case \(index + 1)/\(shared.count) · \(name) · workers "
                                + "\(generation + 1)/\(generations)"
                    progress("\(label) · \(passesSoFar) passes · \(clock.status)")
                } shouldStop: {
                    shouldStop()
                }
            } catch {
                pairs.failure = error.description
            }
            clock.stepDone()
            if !shouldStop() { series.append(pairs) }
        }
        return series
    }

    /// One case's generations of workers, each playing its share of pairs.
    private func play(
        _ pairs: inout PassSeries, base baseEntry: WorkerPlan.Entry, candidate entry: WorkerPlan.Entry, name: String,
        lastNote: inout Date, progress: (Int, Int) -> Void, shouldStop: () -> Bool
    ) throws(UsageError) {
        for generation in 0..<generations where !shouldStop() {
            let workers = try [baseEntry.arguments, entry.arguments].enumerated().map {
                side, arguments throws(UsageError) in
                try WarmWorker(
                    program: side == 0 ? base.child : candidate.child, arguments: arguments,
                    label: "\(side == 0 ? base.name : "candidate") · \(name)", timeout: timeout)
            }
            for _ in 0..<warmUpPasses {
                for worker in workers { _ = try worker.pass() }
            }
            let started = Date()
            var played = 0
            var isBase = Self.baseFirst(generation: generation)
            // Ends on the side it began with, so every pass of the other side lies between two of this one's.
            while played <= 2 * maximumPasses, !shouldStop(),
                played % 2 == 0 || played < 2 * minimumPasses
                    || Date().timeIntervalSince(started) < secondsPerCase / Double(generations)
            {
                let figures = try workers[isBase ? 0 : 1].pass()
                pairs.passes.append(PassSeries.Pass(generation: generation, isBase: isBase, figures: figures))
                played += 1
                isBase.toggle()
                if Date().timeIntervalSince(lastNote) >= 1 {
                    lastNote = Date()
                    progress(pairs.passes.count, generation)
                }
            }
            for worker in workers { worker.stop() }
        }
    }
}
