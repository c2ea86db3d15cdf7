import GIFCodec
import PosixThreads
import Synchronization

/// The background queue of a ``ModelDecoder``: owns the compositor, decodes the frames the rule asked for in order.
final class ModelWorker: @unchecked Sendable {
    private let lock: ConditionLock<ModelDecoder.State>
    private var compositor: (any FrameCompositing)?
    private let keeping: FrameKeeping
    private let pool: DecodePool?

    init(lock: ConditionLock<ModelDecoder.State>, compositor: any FrameCompositing, keeping: FrameKeeping,
         pool: DecodePool?) {
        self.lock = lock
        self.compositor = compositor
        self.keeping = keeping
        self.pool = pool
    }

    func run() {
        guard let compositor else { return }
        while let frame = nextFrame() {
            let decoded = pool.run { Self.decode(frame, with: compositor, keeping: keeping) }
            lock.update { (state: inout ModelDecoder.State) -> Void in state.finishDecoding(frame, decoded) }
        }
    }

    private func nextFrame() -> Int? {
        lock.wait(until: { $0.stopping || !$0.nothingPending }, beforeWaiting: { state in
            guard !state.workerIdle else { return false }
            state.workerIdle = true
            return true
        }, then: { state in
            state.workerIdle = false
            guard !state.stopping else { return nil }
            return state.startDecoding()
        })
    }

    static func decode(_ frame: Int, with compositor: any FrameCompositing,
                       keeping: FrameKeeping) -> ModelDecoder.Decoded {
        var status = FrameStatus.complete
        let (buffer, cost) = DecodeCost.timing(compositor,
                                               composite: { status = (try? compositor.composite(frame: frame)) ?? .complete },
                                               keep: { keeping.keep(compositor.pixels) })
        return ModelDecoder.Decoded(buffer: buffer, status: status, cost: cost)
    }

    func releaseResources() { compositor = nil }
}
