import Synchronization

/// Work every ``BackgroundThread`` does first and last on its own thread, for an observer that must see every
/// thread of a process (a ledger of per-thread allocation counters). Installed once, before the threads start.
public enum ThreadLifecycle {
    public struct Hooks: Sendable {
        public var start: @Sendable () -> Void
        public var end: @Sendable () -> Void

        public init(start: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) {
            self.start = start
            self.end = end
        }
    }

    private static let installed = Mutex<Hooks?>(nil)

    /// Makes every thread started from now on run `hooks`; nil removes them.
    public static func install(_ hooks: Hooks?) { installed.withLock { $0 = hooks } }

    static var hooks: Hooks? { installed.withLock { $0 } }
}
