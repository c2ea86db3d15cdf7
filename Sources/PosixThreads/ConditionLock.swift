#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex and condition variable that own the state they guard: the state is reached only through the
/// lock, and waiting is expressed as "until this holds", so no caller hand-writes a wait loop.
///
/// Each closure gets the state for its own duration only; no access spans a wait, during which other threads change
/// the state. Every pthread call's result is checked: a failure is a programming error and stops the process.
/// Foundation-free on purpose: the measuring child process links no Foundation, so its baseline RSS stays small.
public final class ConditionLock<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    public init(_ state: State) {
        self.state = state
        Self.check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        Self.check(pthread_cond_init(condition, nil), "pthread_cond_init")
    }

    deinit {
        Self.check(pthread_cond_destroy(condition), "pthread_cond_destroy")
        Self.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the state, holding the lock.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&state)
    }

    /// Runs `body` on the state holding the lock, then wakes every waiter: for changes another thread may wait on.
    public func update<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock()
        defer {
            Self.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
            unlock()
        }
        return try body(&state)
    }

    /// Runs `body` on the state holding the lock, and wakes every waiter only when it returns true.
    public func update(wakingWaitersIf body: (inout State) -> Bool) {
        lock()
        defer { unlock() }
        if body(&state) { Self.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast") }
    }

    /// Waits until `ready` holds for the state, then runs `body` on it, all under the lock. Before each wait,
    /// `beforeWaiting` may change the state; when it returns true, waiters are woken (a thread announcing it is idle).
    public func wait<Result>(until ready: (State) -> Bool, beforeWaiting: ((inout State) -> Bool)? = nil,
                             then body: (inout State) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        while !ready(state) {
            if let beforeWaiting, beforeWaiting(&state) { Self.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast") }
            Self.check(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        }
        return try body(&state)
    }

    private func lock() { Self.check(pthread_mutex_lock(mutex), "pthread_mutex_lock") }
    private func unlock() { Self.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }

    private static func check(_ result: Int32, _ call: StaticString) {
        if result != 0 { fatalError("\(call) failed with error \(result)") }
    }
}
