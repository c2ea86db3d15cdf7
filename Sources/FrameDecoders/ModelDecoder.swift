import GIFCodec
import PosixThreads
import Synchronization

/// Plays a library's ``RetentionRule`` with real decoding: frames the rule asks for are composited in order on one
/// background thread (the libraries' serial queue), each into its own buffer, and freed when the rule frees them, so
/// jemalloc sees what the library would hold. The player counts the frames alive at once (``heldFramesMax``).
public final class ModelDecoder: AnimatedFrameSource {
    public let container: any AnimationContainer
    public let missBehaviour: MissBehaviour
    /// The name of the background decoding thread.
    public let queueThreadName: String
    private let lock: ConditionLock<State>
    private let worker: ModelWorker
    private let thread: BackgroundThread
    private let scaling: ScalingCost?
    public let keptSize: (width: Int, height: Int)
    private static let threadSerial = Atomic<Int>(0)

    struct Decoded {
        let buffer: FrameBuffer
        let status: FrameStatus
        let cost: DecodeCost
    }

    /// The player's bookkeeping, each question it answers on every event in time that does not grow with the frames
    /// it holds: the stored frames' set is kept as the store changes, and the queue is a list read from a moving head
    /// beside the set of what it holds.
    struct State {
        var rule: any RetentionRule
        /// Decoded frames by index; changed only through ``keep(_:_:)`` and ``drop(_:)``, which keep ``stored``.
        private(set) var store: [Int: Decoded] = [:]
        /// The frames in ``store``: what the rule is told is held.
        private(set) var stored: Set<Int> = []
        /// Frames asked for and not yet started, in order: `queue[head...]`, each also in ``queued``.
        private var queue: [Int] = []
        private var head = 0
        private var queued: Set<Int> = []
        var decoding: Int?
        /// The frame on screen and its decode, which may have left the store since.
        private(set) var onScreen: (frame: Int, decoded: Decoded)?
        var due = 0
        var stopping = false
        var workerIdle = false
        var heldMax = 0

        init(rule: any RetentionRule) { self.rule = rule }

        /// Decoded frames alive: stored, on screen though freed from the store, and the one being drawn.
        var held: Int {
            let screenAlone = onScreen.map { store[$0.frame]?.buffer !== $0.decoded.buffer } ?? false
            return store.count + (screenAlone ? 1 : 0) + (decoding == nil ? 0 : 1)
        }

        /// Whether no frame waits to be decoded.
        var nothingPending: Bool { head == queue.count }

        /// Stores a decoded frame (or replaces the one stored).
        mutating func keep(_ frame: Int, _ decoded: Decoded) {
            store[frame] = decoded
            stored.insert(frame)
        }

        /// Frees a stored frame.
        mutating func drop(_ frame: Int) {
            store[frame] = nil
            stored.remove(frame)
        }

        /// Asks for `frame` after the frames already asked for, or before them all.
        mutating func ask(_ frame: Int, first: Bool = false) {
            guard queued.insert(frame).inserted else { return }
            if first {
                queue.insert(frame, at: head)
            } else {
                queue.append(frame)
            }
        }

        /// Neither decoded, being decoded, nor waiting in the queue.
        func isMissing(_ frame: Int) -> Bool { store[frame] == nil && decoding != frame && !queued.contains(frame) }

        mutating func apply(_ step: RetentionStep) {
            for frame in step.free { drop(frame) }
            for frame in step.decode where isMissing(frame) { ask(frame) }
            heldMax = max(heldMax, held)
        }

        /// Frame `index` comes due, `inHand` or not: the rule sees it, and one not in hand is decoded first if nothing
        /// has asked for it yet (the rule may just have freed one in hand, which is not wanted again). True when the
        /// worker has something new to do.
        mutating func comeDue(_ index: Int, inHand: Bool) -> Bool {
            due = index
            let asked = call { rule, held in rule.due(index, held: held) }
            guard !inHand, isMissing(index) else { return asked }
            ask(index, first: true)
            return true
        }

        mutating func call(_ event: (inout any RetentionRule, Set<Int>) -> RetentionStep) -> Bool {
            let step = event(&rule, stored)
            apply(step)
            return !step.decode.isEmpty
        }

        /// Frame `index` is due on screen: the frame in hand goes on screen before the rule frees it (YLGIFImage frees
        /// the frame it shows); nil when it is not in hand and the player waits for it, decoded first if the rule
        /// would drop it.
        mutating func lend(_ index: Int) -> Decoded? {
            let ready = store[index]
            if let ready { onScreen = (index, ready) }
            _ = comeDue(index, inHand: ready != nil)
            return ready
        }

        /// The frame waited for arrived and goes on screen.
        mutating func lendWaited(_ index: Int) -> Decoded? {
            onScreen = store[index].map { (index, $0) }
            return onScreen?.decoded
        }

        /// The frame lent went on screen.
        mutating func shown(_ index: Int) {
            _ = call { rule, held in rule.shown(index, held: held) }
        }

        /// The frame due was not decoded and the library moved on. True when the queue has new work.
        mutating func skipped(_ index: Int) -> Bool {
            due = index
            return call { rule, held in rule.due(index, held: held) }
        }

        /// The system warned of low memory. True when the queue has new work.
        mutating func memoryWarning(at seconds: Double) -> Bool {
            let due = due
            return call { rule, held in rule.memoryWarning(at: seconds, due: due, held: held) }
        }

        /// Playback reached `seconds`. True when the queue has new work.
        mutating func clock(_ seconds: Double) -> Bool {
            let due = due
            return call { rule, held in rule.clock(seconds, due: due, held: held) }
        }

        /// The queue takes the first frame asked for, if any.
        mutating func startDecoding() -> Int? {
            guard head < queue.count else { return nil }
            let frame = queue[head]
            head += 1
            queued.remove(frame)
            // The list is read from its head; once the head passes half of it, what was read goes.
            if head > 64 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            decoding = frame
            heldMax = max(heldMax, held)
            return frame
        }

        /// The queue finished decoding `frame`: stored if the rule still wants it, and the rule told.
        mutating func finishDecoding(_ frame: Int, _ decoded: Decoded) {
            decoding = nil
            if rule.keeps(arrived: frame, due: due) { keep(frame, decoded) }
            heldMax = max(heldMax, held)
            let due = due
            _ = call { rule, held in rule.arrived(frame, due: due, held: held) }
        }
    }

    /// Decodes the rule's up-front frames on this thread, then starts the background queue on its start frames. With
    /// a `display`, frames are kept at its size.
    public init(container: any AnimationContainer, rule: any RetentionRule, limits: DecodeLimits = .default,
                codec: LZWCodec = .default,
                compositor: (any FrameCompositing)? = nil, display: DisplaySize? = nil,
                pool: DecodePool? = nil) throws(GIFError) {
        self.container = container
        missBehaviour = rule.missBehaviour
        let keptBytes = (display?.heldSize(screenWidth: container.width, screenHeight: container.height)).map { $0.width * $0.height * 4 }
        try limits.checkHeld(player: rule.name, frames: rule.heldFramesBound,
                             frameBytes: keptBytes ?? container.frameBytes)
        let drawing: any FrameCompositing
        if let compositor { drawing = compositor } else { drawing = try container.makeCompositor(limits: limits, codec: codec) }
        drawing.timesLZW = true
        let keeping = FrameKeeping(container: container, display: display)
        keptSize = keeping.size
        scaling = keeping.scalingCost
        var state = State(rule: rule)
        for frame in rule.decodedUpFront { state.keep(frame, ModelWorker.decode(frame, with: drawing, keeping: keeping)) }
        state.apply(RetentionStep(decode: rule.decodedAtStart))
        lock = ConditionLock(state)
        queueThreadName = "gifmodel-\(Self.threadSerial.add(1, ordering: .relaxed).newValue % 1000)"
        worker = ModelWorker(lock: lock, compositor: drawing, keeping: keeping, pool: pool)
        thread = BackgroundThread(name: queueThreadName) { [worker] in worker.run() }
    }

    /// The decoder's memory rule: the rule's frames in steady playback (kept at `display`, or full size), the canvas,
    /// and a saved canvas when a frame restores to previous.
    public static func pixelBytes(rule: any RetentionRule, container: any AnimationContainer,
                                  display: DisplaySize? = nil) -> Int {
        container.pixelBytes(holdingFrames: rule.heldFramesBound, display: display)
    }

    public var scalingSeconds: Double? { scaling?.seconds }
    public var decodingThreadCPUSeconds: Double? { thread.cpuSeconds() }

    deinit {
        lock.update { $0.stopping = true }
        thread.join()
        worker.releaseResources()
    }

    /// The most decoded frames alive at once so far: stored, on screen, and being drawn.
    public var heldFramesMax: Int? { lock.withLock { $0.heldMax } }

    public var heldFrames: Int? { lock.withLock { $0.held } }

    /// The frames decoded and stored now, for tests.
    public var storedFrames: Set<Int> { lock.withLock { $0.stored } }

    public func waitUntilPrefetched() {
        lock.wait(until: { ($0.workerIdle && $0.nothingPending) || $0.stopping }, then: { _ in })
    }

    public func isReady(frame: Int) -> Bool { lock.withLock { $0.store[frame] != nil } }

    public func withFrame<R>(at index: Int, _ body: (FrameView) -> R) throws(GIFError) -> R {
        guard index >= 0, index < container.frameCount else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        // Due: a frame in hand goes on screen before the rule frees it (YLGIFImage frees the frame it shows). One not
        // in hand is waited for; a rule that would drop it (this player waits) gets it decoded first.
        var shown = lock.update { (state: inout State) -> Decoded? in state.lend(index) }
        if shown == nil {
            shown = lock.wait(until: { $0.store[index] != nil || $0.stopping },
                              then: { state -> Decoded? in state.lendWaited(index) })
        }
        lock.update { (state: inout State) -> Void in state.shown(index) }
        guard let shown else { throw .frameOutOfRange(index, frameCount: container.frameCount) }
        return body(FrameView(index: index, pixels: shown.buffer.readOnly, status: shown.status, cost: shown.cost))
    }

    /// The frame due was not decoded and the library moves on: the rule still sees it come due.
    public func skip(frame index: Int) {
        lock.update(wakingWaitersIf: { state in state.skipped(index) })
    }

    /// The frame due is not in hand and the player waits without blocking: the rule sees it come due, and it is
    /// decoded first if nothing has asked for it yet, as ``withFrame(at:_:)`` does before it waits.
    public func frameDue(_ index: Int) {
        lock.update(wakingWaitersIf: { state in
            state.comeDue(index, inHand: false)
        })
    }

    /// The system's low-memory warning, `seconds` into playback.
    public func memoryWarning(at seconds: Double) {
        lock.update(wakingWaitersIf: { state in state.memoryWarning(at: seconds) })
    }

    /// Playback time, for rules that change their cache after a delay.
    public func clock(_ seconds: Double) {
        lock.update(wakingWaitersIf: { state in state.clock(seconds) })
    }
}
