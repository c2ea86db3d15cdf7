#if canImport(Glibc)
import Glibc
#endif

/// The C library's words for an `errno`, as every message of this tool writes a reason: lower case after the path
/// ("x.gif: no such file or directory"), whichever command says it.
public enum SystemReason {
    public static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
