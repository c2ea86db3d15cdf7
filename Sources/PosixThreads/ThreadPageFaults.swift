#if canImport(Glibc)
import Glibc
#endif

/// The page faults the calling thread has taken (`getrusage(RUSAGE_THREAD)`): a decode that faulted wrote into pages
/// the kernel had to map and zero first.
public enum ThreadPageFaults {
    /// Linux's `RUSAGE_THREAD`, a GNU extension that Glibc's Swift module, built without `_GNU_SOURCE`, leaves out.
    private static let calling: Int32 = 1

    /// Minor page faults of the calling thread so far; -1 when the kernel does not say.
    public static func minor() -> Int {
        var usage = rusage()
        return getrusage(calling, &usage) == 0 ? usage.ru_minflt : -1
    }
}
