#if canImport(Glibc)
import Glibc
#endif

/// Messages for people go to stderr, so stdout stays for results.
public enum Console {
    /// One `bench: error: …` line.
    public static func error(_ message: String) { write("bench: error: \(message)\n") }

    /// One line of progress or notice.
    public static func note(_ message: String) { write("\(message)\n") }

    /// Whether stderr is a terminal (live progress lines) or a file or pipe (plain lines).
    public static var isInteractive: Bool { isatty(2) != 0 }

    /// Writes `text` to stderr unbuffered.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
