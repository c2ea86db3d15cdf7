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

    /// The answer on stdout (a report's Markdown, a table), its control characters shown as
    /// ``visible(_:keepingNewlines:)`` writes them: a GIF's name in a table cannot retitle or reprogram the terminal
    /// either.
    public static func answer(_ text: String, terminator: String = "\n") {
        output(visible(text), terminator: terminator)
    }

    /// `text` on stdout as it is: help, a schema, JSON, a path a script reads.
    public static func output(_ text: String, terminator: String = "\n") {
        if let transcript { transcript.record(output: text + terminator) } else { print(text, terminator: terminator) }
    }

    /// `--quiet`: no progress or notices on stderr from here on; errors are still written.
    public static func beQuiet() {
        if let transcript { transcript.beQuiet() } else { quietRequested.store(true, ordering: .relaxed) }
    }

    public static var isQuiet: Bool { transcript?.isQuiet ?? quietRequested.load(ordering: .relaxed) }

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
    public static var isInteractive: Bool { transcript == nil && isatty(2) != 0 }

    /// Writes `text` to stderr unbuffered.
    public static func write(_ text: String) {
        if let transcript { return transcript.record(errors: text) }
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

/// What a command run inside this process wrote, instead of the process's stdout and stderr: a test runs `bench`'s
/// commands in its own process under ``Console/transcript`` and reads them here. Only the task that set it (and what
/// it calls on its own thread) writes to it; a process has no other console to share.
public final class ConsoleTranscript: Sendable {
    private let text = Mutex<(output: String, errors: String, quiet: Bool)>(("", "", false))

    public init() {}

    /// What went to stdout.
    public var output: String { text.withLock { $0.output } }
    /// What went to stderr.
    public var errors: String { text.withLock { $0.errors } }

    var isQuiet: Bool { text.withLock { $0.quiet } }
    func beQuiet() { text.withLock { $0.quiet = true } }
    func record(output: String) { text.withLock { $0.output += output } }
    func record(errors: String) { text.withLock { $0.errors += errors } }
}

extension Console {
    /// Where this task's console goes when it is not the process's: nil (stdout and stderr) but in a test.
    @TaskLocal public static var transcript: ConsoleTranscript?
}
