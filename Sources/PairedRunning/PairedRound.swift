import BenchRunning
import Foundation

/// One round of a paired gate: the base's and the candidate's reports of the same cases, played back to back.
public struct PairedRound: Sendable {
    public var base: RunReport
    public var candidate: RunReport

    public init(base: RunReport, candidate: RunReport) {
        self.base = base
        self.candidate = candidate
    }
}
