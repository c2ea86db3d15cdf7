import Synchronization
#if canImport(Glibc)
import Glibc
#endif

private let quietRequested = Atomic<Bool>(false)

/// Messages for people go to stderr, so stdout stays for results.
public enum Console {
    /// One `bench: error: …` line.
    public static func error(_ message: String) { write("bench: error: \(visible(message, keepingNewlines: false))\n") }

    /// One line of progress or notice; nothing with `--quiet`.
    public static func note(_ message: String) {
        if isQuiet { return }
        write("\(visible(message))\n")
    }

    /// The answer on stdout (a report's Markdown, a table), its control characters shown as ``visible(_:keepingNewlines:)``
    /// writes them: a GIF's name in a table cannot retitle or reprogram the terminal either.
    public static func answer(_ text: String, terminator: String = "\n") {
        print(visible(text), terminator: terminator)
    }

    /// `--quiet`: no progress or notices on stderr from here on; errors are still written.
    public static func beQuiet() { quietRequested.store(true, ordering: .relaxed) }

    public static var isQuiet: Bool { quietRequested.load(ordering: .relaxed) }

    /// `text` with control characters (a GIF's name may hold any byte but `/`) written as `\u{1B}`, so a one-line
    /// message stays one line and cannot move the cursor or retitle the terminal; a notice may keep its newlines.
    public static func visible(_ text: String, keepingNewlines: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && !(keepingNewlines && scalar == "\n") || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

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
