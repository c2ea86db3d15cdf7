import GIFFrameBench

/// A player of this package's own: as many frames ahead as 8 MiB holds (at least 1, at most 10), each played frame
/// freed when the next is shown, and a late frame waited for. Kingfisher's bookkeeping, with a memory budget and
/// FLAnimatedImage's patience.
struct BudgetRule: RetentionRule {
    static let budget = 8 << 20
    let frameCount: Int
    let ahead: Int
    private var shownFrame: Int?

    init(frameCount: Int, frameBytes: Int) {
        self.frameCount = frameCount
        ahead = max(1, min(10, Self.budget / max(frameBytes, 1) - 1, frameCount - 1))
    }

    var name: String { "budget-8mib" }
    var summary: String { "\(ahead) ahead within 8 MiB, the played frame freed; waits for a late frame" }
    var source: String { "Examples/custom-player/Sources/custom-player/BudgetRule.swift" }
    var missBehaviour: MissBehaviour { .waitsForFrame }
    var framesAhead: Int { ahead }
    var heldFramesBound: Int { min(frameCount, ahead + 1) }
    var decodedAtStart: [Int] { Array(0..<min(ahead + 1, frameCount)) }

    /// The frame due and those ahead of it not decoded are asked for; the frame shown before is freed.
    mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        defer { shownFrame = frame }
        let wanted = (0...ahead).map { (frame + $0) % frameCount }.filter { !held.contains($0) }
        guard let previous = shownFrame, previous != frame, held.contains(previous) else { return RetentionStep(decode: wanted) }
        return RetentionStep(decode: wanted, free: [previous])
    }
}
