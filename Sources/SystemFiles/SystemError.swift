#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: the errno value, what was being done and to which path, as one line for a person.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let operation: String
    public let path: String

    /// What went wrong in words, when the C library's text for `code` would not say it.
    public let explanation: String?

    public init(_ operation: String, path: String, code: Int32 = errno) {
        self.code = code
        self.operation = operation
        self.path = path
        explanation = nil
    }

    /// A failure the C library has no words for: `explanation` says what is wrong.
    public init(_ operation: String, path: String, code: Int32, explanation: String) {
        self.code = code
        self.operation = operation
        self.path = path
        self.explanation = explanation
    }

    /// The C library's text for `code`, e.g. "No space left on device", or the explanation given.
    public var reason: String { explanation ?? String(cString: strerror(code)) }

    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
