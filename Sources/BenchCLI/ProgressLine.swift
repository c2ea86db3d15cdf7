import CaseModel
import Synchronization

/// Progress on stderr: one live, rewritten line on a terminal; plain lines in a log or pipe. Safe to call from
/// several threads (the instruction counts report from a concurrent loop): each call writes under one lock. Text is
/// shown through ``Console/visible(_:keepingNewlines:)``: a GIF's name cannot retitle or reprogram the terminal.
public final class ProgressLine: Sendable {
    private let live = Console.isInteractive
    /// Whether a live line is on screen and must be cleared before the next full line.
    private let wroteLive = Mutex(false)

    public init() {}

    /// Shows a transient status (rewritten in place on a terminal, skipped otherwise).
    public func update(_ text: String) {
        guard live, !Console.isQuiet else { return }
        wroteLive.withLock { wrote in
            Console.write("\r\u{1B}[2K" + Console.visible(text, keepingNewlines: false))
            wrote = true
        }
    }

    /// Records a finished step as a line of its own.
    public func line(_ text: String) {
        if Console.isQuiet { return }
        wroteLive.withLock { wrote in
            Console.write((live && wrote ? "\r\u{1B}[2K" : "") + Console.visible(text) + "\n")
            wrote = false
        }
    }
}
