#if canImport(Glibc)
import Glibc
#endif

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what a piece of work cost on its own
/// thread, whatever else competes for the cores.
public enum ThreadCPUClock {
    /// Seconds of CPU the calling thread has used so far.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Keeps the calling thread busy until its clock reads `seconds`, in arithmetic on registers: the clock, a system
    /// call, is read a few times, each run of arithmetic half of what remains, so the spin leaves the caches and the
    /// TLB as the work before it left them (a spin that read the clock in a loop made the next decode dearer).
    public static func spin(until seconds: Double) {
        var now = now()
        while now < seconds {
            let remaining = seconds - now
            arithmetic(iterations: remaining < 2e-6 ? 64 : Int(remaining * 0.5 * iterationsPerSecond))
            now = ThreadCPUClock.now()
        }
    }

    /// Iterations of ``arithmetic(iterations:)`` a second, measured once on the first spin.
    private static let iterationsPerSecond: Double = {
        let count = 200_000
        let start = now()
        arithmetic(iterations: count)
        return Double(count) / max(now() - start, 1e-6)
    }()

    /// A chain of multiply-adds the optimiser cannot drop: its result decides whether a never-taken branch runs.
    @inline(never)
    private static func arithmetic(iterations: Int) {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<max(iterations, 0) { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        if value == 0x0123_4567_89AB_CDEF { print("", terminator: "") }
    }
}
