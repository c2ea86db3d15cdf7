import BenchCLI
import BenchPlan
import BenchReports
import BenchRunning
import CaseModel
import Foundation

/// What `run`, `feed`, `gate`, `merge` and `cache` each set up before their work and settle after it, in one place:
/// signals turned into a clean stop; one progress line and clock; the report folder made,
/// checked against what the command reads and writes, and locked (``reportFolder(_:writes:reads:)``, called as soon
/// as the command knows its inputs); the report published with its exports (``publish(_:to:exports:)``); and the
/// exit status told one way, with the line that says why it is not 0.
struct CommandSession {
    /// How the session's notes name the command: `bench`, `bench feed`.
    let name: String
    let progress = ProgressLine()
    let started = Date()

    /// When `interruptible`, turns SIGINT and SIGTERM into ``Interruption/requested``, so that the command stops
    /// between cases and still writes what finished. A command that needs a scratch directory for its own files
    /// (encoded GIFs, a base build's export) makes one with `PrivateDirectory.forRun()`; `merge` needs none.
    init(_ name: String, interruptible: Bool = true) {
        self.name = name
        if interruptible { Interruption.install() }
    }

    /// Makes and locks the report folder `out`, and checks that no file of `writes` or of the report is one of
    /// `reads`: one line and exit 2 before any work, not a lost report after it.
    func reportFolder(_ out: String, writes: [(flag: String, path: String)] = [],
                      reads: [(what: String, path: String)] = []) throws(UsageError) -> OutputFolder {
        let output = try OutputFolder(out)
        try Destinations.check(writes: writes, reportFolder: ("--out", output.path), reads: reads)
        return output
    }

    /// Publishes `report` into `output` as one unit, then writes each export asked for. False when an export was not
    /// written (its line is on stderr), which ``status(finished:noun:failed:interrupted:cut:exported:)`` makes exit 3.
    func publish(_ report: some PublishedReport, to output: OutputFolder, exports: Exports? = nil) throws -> Bool {
        try report.publish(to: output.path)
        return exports?.write(report.exportedFigures) ?? true
    }

    /// Publishes files already rendered (a run's, rendered while the parent's peak is read) and the exports of
    /// `figures`, as ``publish(_:to:exports:)`` does.
    func publish(rendered files: [(name: String, bytes: [UInt8])], figures: [ExportedFigure], to output: OutputFolder,
                 exports: Exports) throws -> Bool {
        try ReportWriter.write(bytes: files, to: output.path)
        return exports.write(figures)
    }

    /// A note on stderr, named by the command; `--quiet` leaves it out.
    func note(_ text: String) { Console.note("\(name): \(text)") }

    /// The time since the session began, as the notes print it.
    var elapsed: String { Format.duration(Date().timeIntervalSince(started)) }

    /// The command's exit status once its report is written: 3 when it was interrupted (`cut` says how), 4 when
    /// `failed` of the `finished` items failed, 0 otherwise (3 too when an export was not written); an error line says
    /// why it is not 0, so that `--quiet`, which keeps errors only, still tells it.
    func status(finished: Int, noun: String, failed: Int, interrupted: Bool, cut: String = "interrupted",
                exported: Bool = true) -> ExitStatus {
        if interrupted {
            Console.error("\(cut): the report holds the \(Format.count(finished, noun)) that finished and is "
                          + "marked incomplete")
        } else if failed > 0 {
            Console.error("\(Format.count(failed, noun)) failed; "
                          + "\(failed == 1 ? "its row says" : "their rows say") why (exit 4)")
        }
        return Exports.status(interrupted ? .internalFailure : failed > 0 ? .incomplete : .success, exported: exported)
    }
}
