import PosixThreads

/// A bounded pool the background work of several players shares, as the libraries' serial queues share the system's
/// worker threads: each player's queue stays serial, and at most ``width`` frames are being decoded at once across
/// all of them. Waiters are served in the order they asked, so no player's queue starves.
public final class DecodePool: Sendable {
    private struct State {
        var running = 0
        var maxRunning = 0
        var tasks = 0
        var nextTicket = 0
        var waiting: [Int] = []
    }

    /// The most tasks that run at once.
    public let width: Int
    private let lock: ConditionLock<State>

    public init(width: Int) {
        precondition(width >= 1, "a pool runs at least one task at a time")
        self.width = width
        lock = ConditionLock(State())
    }

    /// Runs `body` on the calling thread once a place in the pool is free, and frees it when `body` returns.
    public func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let ticket = lock.withLock { state -> Int in
            defer { state.nextTicket += 1 }
            state.waiting.append(state.nextTicket)
            return state.nextTicket
        }
        let width = width
        lock.wait(until: { $0.running < width && $0.waiting.first == ticket }, then: { state in
            state.waiting.removeFirst()
            state.running += 1
            state.tasks += 1
            state.maxRunning = max(state.maxRunning, state.running)
        })
        // The next waiter may also fit: the head of the line changed.
        lock.update { _ in }
        defer { lock.update { $0.running -= 1 } }
        return try body()
    }

    /// The most tasks that ran at once so far: never more than ``width``.
    public var maxRunning: Int { lock.withLock { $0.maxRunning } }
    /// Tasks run so far.
    public var tasks: Int { lock.withLock { $0.tasks } }
}

extension Optional where Wrapped == DecodePool {
    /// Runs `body` in the pool, or at once on the calling thread when there is none (a player alone).
    func run<Result>(_ body: () -> Result) -> Result {
        switch self {
        case .some(let pool): pool.run(body)
        case .none: body()
        }
    }
}
