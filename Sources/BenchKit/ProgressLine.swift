import BenchCore

/// Progress on stderr: one live, rewritten line on a terminal; plain lines in a log or pipe.
public final class ProgressLine: @unchecked Sendable {
    private let live = Console.isInteractive
    private var wroteLive = false

    public init() {}

    /// Shows a transient status (rewritten in place on a terminal, skipped otherwise).
    public func update(_ text: String) {
        guard live else { return }
        Console.write("\r\u{1B}[2K" + text)
        wroteLive = true
    }

    /// Records a finished step as a line of its own.
    public func line(_ text: String) {
        if live && wroteLive { Console.write("\r\u{1B}[2K") }
        wroteLive = false
        Console.write(text + "\n")
    }
}
