import CJemalloc
#if canImport(Glibc)
import Glibc
#endif

/// jemalloc's control functions, looked up in the running process rather than bound at link time.
///
/// The measuring programs link jemalloc (it replaces `malloc`); a sanitizer build must not, because ThreadSanitizer
/// and AddressSanitizer bring their own allocator and two allocators in one process corrupt each other. Looking the
/// functions up lets one code base serve both: without jemalloc they are absent and every reading is refused.
enum JemallocSymbols {
    /// The signatures come from jemalloc's header (`CJemalloc`), so they match the installed library.
    typealias Mallctl = cjemalloc_mallctl_fn
    typealias NameToMIB = cjemalloc_mallctlnametomib_fn
    typealias ByMIB = cjemalloc_mallctlbymib_fn
    typealias SizeClass = cjemalloc_nallocx_fn

    static let mallctl: Mallctl? = lookup("mallctl")
    static let nameToMIB: NameToMIB? = lookup("mallctlnametomib")
    static let byMIB: ByMIB? = lookup("mallctlbymib")
    static let sizeClass: SizeClass? = lookup("nallocx")

    private static func lookup<Function>(_ name: String) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }

    /// The error every reading gives when jemalloc is not in the process.
    static let missing = ProbeError.jemallocNotServing("jemalloc is not linked into this build (a sanitizer build?)")
}
