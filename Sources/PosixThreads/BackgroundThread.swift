import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// A named, joinable pthread running one closure: whoever starts it can wait until it has truly ended.
public final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread called `name` (the kernel keeps 15 bytes of it). An `idle` thread runs only
    /// when a core would otherwise idle (SCHED_IDLE), for observers that must not slow what they observe.
    public init(name: String, idle: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadContext(name: name, idle: idle, body: body)).toOpaque()
        let result = pthread_create(&thread, nil, { raw in
            let context = Unmanaged<ThreadContext>.fromOpaque(raw!).takeRetainedValue()
            _ = cposix_name_current_thread(String(context.name.prefix(15)))
            if context.idle { _ = cposix_make_current_thread_idle() }
            let hooks = ThreadLifecycle.hooks
            hooks?.start()
            context.body()
            hooks?.end()
            return nil
        }, context)
        precondition(result == 0, "pthread_create failed with \(result)")
    }

    /// Waits until the thread's closure has returned and the thread is gone.
    public func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit {
        if !joined { pthread_detach(thread) }
    }
}

private final class ThreadContext: @unchecked Sendable {
    let name: String
    let idle: Bool
    let body: @Sendable () -> Void

    init(name: String, idle: Bool, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.idle = idle
        self.body = body
    }
}
