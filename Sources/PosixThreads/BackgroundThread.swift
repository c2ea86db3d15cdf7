import CPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A named, joinable pthread running one closure: whoever starts it can wait until it has truly ended.
public final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false
    /// The thread's CPU when its closure returned, read on the thread itself.
    private let finalCPU = CPUAtEnd()

    /// Starts `body` on a new thread called `name` (the kernel keeps 15 bytes of it). An `idle` thread runs only
    /// when a core would otherwise idle (SCHED_IDLE), for observers that must not slow what they observe.
    public init(name: String, idle: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadContext(name: name, idle: idle, body: body,
                                                           finalCPU: finalCPU)).toOpaque()
        let result = pthread_create(&thread, nil, { raw in
            let context = Unmanaged<ThreadContext>.fromOpaque(raw!).takeRetainedValue()
            _ = cposix_name_current_thread(String(context.name.prefix(15)))
            if context.idle { _ = cposix_make_current_thread_idle() }
            let hooks = ThreadLifecycle.hooks
            hooks?.start()
            context.body()
            hooks?.end()
            let spent = ThreadCPUClock.now()
            context.finalCPU.seconds.withLock { $0 = spent }
            return nil
        }, context)
        precondition(result == 0, "pthread_create failed with \(result)")
    }

    /// Seconds of CPU the thread has used so far, by its own clock (`pthread_getcpuclockid`): read from any thread
    /// while it runs, and as it stood at its end once its closure has returned.
    public func cpuSeconds() -> Double {
        if let spent = finalCPU.seconds.withLock({ $0 }) { return spent }
        var clock = clockid_t()
        var time = timespec()
        guard !joined, pthread_getcpuclockid(thread, &clock) == 0, clock_gettime(clock, &time) == 0 else {
            return finalCPU.seconds.withLock { $0 } ?? 0
        }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
    let finalCPU: CPUAtEnd

    init(name: String, idle: Bool, body: @escaping @Sendable () -> Void, finalCPU: CPUAtEnd) {
        self.name = name
        self.idle = idle
        self.body = body
        self.finalCPU = finalCPU
    }
}

/// A thread's CPU seconds as it read them when its closure returned; nil until then.
private final class CPUAtEnd: Sendable {
    let seconds = Mutex<Double?>(nil)
}
