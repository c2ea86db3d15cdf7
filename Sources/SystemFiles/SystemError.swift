#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: the errno value, what was being done and to which path, as one line for a person.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let operation: String
    public let path: String

    public init(_ operation: String, path: String, code: Int32 = errno) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// The C library's text for `code`, e.g. "No space left on device".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
