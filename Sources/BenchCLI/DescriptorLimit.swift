import BenchPlan
#if canImport(Glibc)
import Glibc
#endif

/// The open-file limit (`ulimit -n`) a command needs, checked before any work, so that a low limit is one line and
/// exit 2 instead of libdispatch trapping (at 12 or fewer descriptors) or every case failing "could not start".
///
/// Foundation's `Process` asks posix_spawn to close every descriptor up to the highest one open, and posix_spawn
/// refuses a descriptor at or above the soft limit: one inherited descriptor above it (bash scripts hold 255) fails
/// every child. So the soft limit must clear the highest open descriptor, with room for the run's own pipes, files
/// and threads. It is raised as far as the hard limit allows, as Go's runtime does, and only refused beyond that.
public enum DescriptorLimit {
    /// Descriptors a run opens on top of those already open: pipes to a child, report files, dispatch's own (a quick
    /// run measured 24 too few and 32 enough, with nothing inherited).
    public static let headroom = 64
    /// The least soft limit a command runs with.
    public static let minimum = 64

    /// Raises the soft limit to what a command needs, or throws a `UsageError` naming the limit.
    public static func ensure() throws(UsageError) {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let highest = highestOpenDescriptor()
        let needed = max(minimum, highest + 1 + headroom)
        if limit.rlim_cur >= rlim_t(needed) { return }
        let wanted = max(needed, 1024)
        var raised = limit
        raised.rlim_cur = limit.rlim_max == rlim_t.max ? rlim_t(wanted) : min(limit.rlim_max, rlim_t(wanted))
        if raised.rlim_cur >= rlim_t(needed), setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
        let hard = limit.rlim_max == rlim_t.max ? "unlimited" : String(limit.rlim_max)
        throw UsageError("this command needs at least \(needed) open file descriptors (descriptor \(highest) is open "
                         + "already), but "
                         + "'ulimit -n' is \(limit.rlim_cur) and its hard limit \(hard); raise it, for example "
                         + "'ulimit -n \(wanted)'")
    }

    /// The highest descriptor open in this process, from /proc/self/fd, not counting the one listing it (2 when it
    /// cannot be listed).
    static func highestOpenDescriptor() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 2 }
        defer { closedir(directory) }
        var highest = 2
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != dirfd(directory) { highest = max(highest, Int(descriptor)) }
        }
        return highest
    }
}
