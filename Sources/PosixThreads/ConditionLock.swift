#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex with one condition variable, for producer/consumer hand-offs.
///
/// Foundation-free on purpose: the measuring child process links no Foundation, so its baseline RSS stays small.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock until signalled; call only inside ``withLock(_:)``, in a loop over the awaited condition.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter; call inside ``withLock(_:)``.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
