/// Why a measurement could not be taken.
public enum ProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `mallctl(name)` failed with this errno value.
    case mallctl(name: String, errno: Int32)
    /// jemalloc is linked but does not serve this process's allocations, so its statistics would be zeros or lies.
    case jemallocNotServing(String)
    /// A `/proc` file could not be read or parsed.
    case procfs(path: String, reason: String)

    public var description: String {
        switch self {
        case .mallctl(let name, let code): return "jemalloc mallctl(\"\(name)\") failed with errno \(code)"
        case .jemallocNotServing(let detail): return "jemalloc does not serve this process's allocations (\(detail)); "
                                                     + "memory figures refused"
        case .procfs(let path, let reason): return "\(path): \(reason)"
        }
    }
}
