import FrameDecoders


/// A ``PlayerDescription`` played as a ``RetentionRule``: each of its choices is one small branch below, so a rule
/// written in a file runs through the same decoder, memory rule and reports as the built-in ones.
public struct DescribedRule: RetentionRule {
    public let description: PlayerDescription
    public let frameCount: Int
    /// The frames the description keeps for this GIF
    /// (``PlayerDescription/count(frameCount:frameBytes:physicalBytes:freeBytes:)``): ahead of the frame due, or a
    /// pool's size.
    public let count: Int
    private let keptWhole: Bool
    /// The frames the description always keeps that this GIF has, as a set: a frame that does not exist is not
    /// counted, and a long list costs one lookup a frame, not a scan.
    private let kept: Set<Int>
    private var last: Int?
    private var cap = 0 {
        didSet { if cap != oldValue { askedEveryFrame = false } }
    }
    /// Whether a window of every frame has asked for every frame since its size last changed (``inOrder(from:held:)``).
    private var askedEveryFrame = false
    private var warnings = 0
    private var growAt: Double?
    private var liftAt: Double?
    /// The frames of this GIF that fit in the description's budget (``PlayerDescription/holdsUpTo``); nil without one.
    public let budgetFrames: Int?
    /// Whether the player has once held more frames than its budget.
    private var pastBudget = false
    /// Batches (``PlayerDescription/Asking/inBatches``): the playback positions of the frame due and of the last frame
    /// asked, counted over loops, so that "ahead" does not wrap.
    private var duePosition = 0
    private var askedPosition = -1

    /// A rule keeping `count` frames (ahead, a pool, or a batch), and no more than `budgetFrames` before it frees
    /// (``PlayerDescription/HeldBudget/frames(frameBytes:)``).
    public init(_ description: PlayerDescription, frameCount: Int, count: Int, budgetFrames: Int? = nil) {
        self.description = description
        self.frameCount = frameCount
        // Capped at the GIF's frames: a file asking for a million frames ahead (or a memory rule's billions) of a
        // GIF of ten keeps ten, and costs the work of ten.
        self.count = min(max(0, count), frameCount)
        self.budgetFrames = description.holdsUpTo == nil ? nil : max(0, budgetFrames ?? 0)
        keptWhole = description.keepAllUpTo.map { frameCount <= $0 } ?? false
        kept = Set(description.keeps.filter { (0..<frameCount).contains($0) })
        if description.asks == .inBatches { askedPosition = startFrames.count - 1 }
    }

    public var name: String { description.name }
    public var source: String { description.source.isEmpty ? "a player file" : description.source }
    public var missBehaviour: MissBehaviour { description.whenMissing == .wait ? .waitsForFrame : .showsAnotherFrame }
    public var summary: String {
        let kept = switch (description.frees, description.asks) {
        case (.overPool, _): "a pool of up to \(count) frames"
        case (_, .inBatches): "batches of \(count), up to \(framesAhead) ahead"
        default: "\(framesAhead) ahead"
        }
        let missing = switch description.whenMissing {
        case .wait: "waits for a late frame"
        case .drop, .showPrevious: "a late frame is dropped"
        }
        let budget = budgetFrames.map { " once past \($0) frames" } ?? ""
        return "\(kept), asking \(description.asks.rawValue), freeing "
               + "\(description.frees.rawValue)\(budget); \(missing)"
    }

    public var framesAhead: Int {
        switch description.asks {
        case .oneAtATime: 1
        case .inBatches: min(2 * count - 1, frameCount - 1)
        default: min(count, frameCount - 1)
        }
    }

    public var heldFramesBound: Int {
        if keptWhole { return frameCount }
        let keeps = kept.count
        let bound = switch description.frees {
        // The frame on screen beside those ahead: kept in the store until the next is due (`previous`), freed from
        // it but still shown (`shown`), or inside the window until it moves on (`outsideWindow`, `behind`).
        case .previous, .shown, .outsideWindow, .behind, .leastRecent: framesAhead + 1 + keeps
        case .overPool: count + 2
        case .never: frameCount
        }
        // A budget lets the frames that fit pile up, one more before it frees, and those ahead being asked.
        let budget = budgetFrames.map { $0 + 1 + framesAhead + keeps } ?? 0
        return min(frameCount, max(bound, budget))
    }

    public var decodedUpFront: [Int] { Array(0..<min(description.decodedUpFront, frameCount)) }
    public var decodedAtStart: [Int] { description.decodedAtStart == .window ? startFrames : [] }

    /// The window from frame 0, or for batches the first two.
    private var startFrames: [Int] {
        Array(0..<min(description.asks == .inBatches ? 2 * count : count + 1, frameCount))
    }

    /// Frames ahead of the one due, under a memory warning's cap (which counts the frame due).
    private var currentAhead: Int {
        let ahead = description.asks == .inBatches ? framesAhead : count
        return cap > 0 ? min(ahead, cap - 1) : ahead
    }

    /// Whether the rule frees now: always without a budget; with one, while it holds more frames than fit, or from
    /// the first time it did.
    private mutating func frees(_ held: Set<Int>) -> Bool {
        guard let budgetFrames else { return true }
        let over = held.count > budgetFrames
        if over { pastBudget = true }
        return over || (pastBudget && description.holdsUpTo?.afterwards == .forGood)
    }

    /// The frame due and the frames ahead of it, with the frames always kept.
    private func window(_ frame: Int) -> Set<Int> {
        guard currentAhead + 1 < frameCount else { return Set(0..<frameCount) }
        return Set((0...currentAhead).map { (frame + $0) % frameCount }).union(kept)
    }

    private func isKept(_ frame: Int) -> Bool { kept.contains(frame) }

    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        let previous = last
        last = frame
        guard !keptWhole else { return RetentionStep() }
        if let previous { duePosition += (frame - previous + frameCount) % frameCount }
        var step = RetentionStep()
        switch description.asks {
        case .whenFrameChanges:
            if let previous, previous != frame { step.decode = frames(after: frame, count: count).filter { !held.contains($0) } }
        case .everyDue:
            step.decode = frames(after: frame, count: count).filter { !held.contains($0) }
        case .everyDueAndShown:
            step.decode = inOrder(from: frame, held: held)
        case .oneAtATime:
            if !held.contains(frame) { step.decode = [frame] }
        case .inBatches:
            step.decode = nextBatch(held: held)
        }
        guard frees(held) else { return step }
        switch description.frees {
        case .previous:
            if let previous, previous != frame, held.contains(previous), !isKept(previous) { step.free = [previous] }
        case .shown:
            if held.contains(frame), !isKept(frame) { step.free = [frame] }
        case .outsideWindow:
            step.free = purge(held, due: frame)
        case .behind:
            step.free = held.filter { $0 < frame && !isKept($0) }.sorted()
        case .leastRecent:
            step.free = leastRecent(held, due: frame)
        case .overPool, .never:
            break
        }
        return step
    }

    public mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep {
        guard !keptWhole else { return RetentionStep() }
        var step = RetentionStep()
        if frees(held) {
            switch description.frees {
            case .shown: if held.contains(frame), !isKept(frame) { step.free = [frame] }
            case .outsideWindow: step.free = purge(held, due: frame)
            case .overPool: if held.count > count { step.free = [frame] }
            case .leastRecent: step.free = leastRecent(held, due: frame)
            case .previous, .behind, .never: break
            }
        }
        switch description.asks {
        case .everyDueAndShown:
            step.decode = inOrder(from: frame, held: held)
        case .oneAtATime:
            let next = (frame + 1) % frameCount
            if held.count - step.free.count != frameCount && !held.contains(next) { step.decode = [next] }
        case .whenFrameChanges, .everyDue, .inBatches:
            break
        }
        return step
    }

    public mutating func arrived(_ frame: Int, due: Int, held: Set<Int>) -> RetentionStep {
        guard !keptWhole else { return RetentionStep() }
        switch description.frees {
        case .outsideWindow: return frees(held) ? RetentionStep(free: purge(held, due: due)) : RetentionStep()
        case .leastRecent: return frees(held) ? RetentionStep(free: leastRecent(held, due: due)) : RetentionStep()
        case .previous, .shown, .overPool, .behind, .never: return RetentionStep()
        }
    }

    public mutating func memoryWarning(at seconds: Double, due: Int, held: Set<Int>) -> RetentionStep {
        switch description.memoryWarning {
        case .ignore:
            return RetentionStep()
        case .keepDue:
            return RetentionStep(free: held.subtracting([due]).sorted())
        case .cap(let first, _, let growAfter, _, let growthsMax):
            warnings += 1
            cap = first
            liftAt = nil
            growAt = warnings - 1 <= growthsMax ? seconds + growAfter : nil
            return RetentionStep(free: purge(held, due: due))
        }
    }

    public mutating func clock(_ seconds: Double, due: Int, held: Set<Int>) -> RetentionStep {
        guard case .cap(_, let grown, _, let liftAfter, _) = description.memoryWarning else { return RetentionStep() }
        if let grow = growAt, seconds >= grow {
            growAt = nil
            cap = grown
            liftAt = grow + liftAfter
        }
        if let lift = liftAt, seconds >= lift {
            liftAt = nil
            cap = 0
        }
        return RetentionStep(free: purge(held, due: due))
    }

    /// The frames of the window not decoded, in playback order from `frame`, while any frame is not decoded: the
    /// window's frames from `frame` on, in time in proportion to the window; for a window of every frame, each frame
    /// once until the window's size changes (the player queues a frame once however often it is asked).
    private mutating func inOrder(from frame: Int, held: Set<Int>) -> [Int] {
        guard held.count < frameCount else { return [] }
        let size = currentAhead + 1
        if size >= frameCount {
            if askedEveryFrame { return [] }
            askedEveryFrame = true
        }
        return (0..<min(size, frameCount)).map { (frame + $0) % frameCount }
            .filter { !held.contains($0) && !isKept($0) }
    }

    /// Batches: when fewer than a batch are asked ahead of the frame due, the next batch after the last frame asked
    /// (from the frame due when it has passed them).
    private mutating func nextBatch(held: Set<Int>) -> [Int] {
        askedPosition = max(askedPosition, duePosition - 1)
        guard askedPosition - duePosition < count else { return [] }
        let batch = (askedPosition + 1...askedPosition + count).map { $0 % frameCount }
        askedPosition += count
        return batch.filter { !held.contains($0) }
    }

    /// The least recently used frames outside the window, the one played longest before `due` first, until no more
    /// are held than the budget's frames.
    private func leastRecent(_ held: Set<Int>, due: Int) -> [Int] {
        let limit = max(budgetFrames ?? count, currentAhead + 1)
        guard held.count > limit else { return [] }
        let window = window(due)
        let played = held.filter { !window.contains($0) && !isKept($0) }
            .sorted { (due - $0 + frameCount) % frameCount > (due - $1 + frameCount) % frameCount }
        return Array(played.prefix(held.count - limit))
    }

    /// Every held frame outside the window, once more are held than the window counts.
    private func purge(_ held: Set<Int>, due: Int) -> [Int] {
        guard held.count > currentAhead + 1 else { return [] }
        return held.subtracting(window(due)).sorted()
    }
}
