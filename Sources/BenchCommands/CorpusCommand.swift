import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCLI
import BenchCore
import SystemFiles
import Foundation
import GIFCodec
import GIFCorpus

/// `bench corpus --out DIR`.
enum CorpusCommand {
    static let help = """
    Usage: bench corpus --out DIR [--force]

    Writes every synthetic corpus GIF to DIR as NAME.gif. An existing file is kept
    unless --force is given.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let force = arguments.flag("--force")
        guard let directory = try arguments.value("--out") else { throw UsageError("corpus needs --out DIR") }
        try arguments.finish(command: "corpus")
        do { try makeDirectories(directory) } catch { throw UsageError("--out \(directory): \(error.description)") }
        for spec in SyntheticCorpus.all {
            let path = (directory as NSString).appendingPathComponent(spec.name + ".gif")
            if FileManager.default.fileExists(atPath: path) && !force {
                Console.note("kept \(path) (exists; --force replaces it)")
                continue
            }
            let bytes = try SyntheticCorpus.gif(for: spec)
            // One line for a read-only, full or unwritable folder (the raw Foundation error was a multi-line dump).
            do { try AtomicFile.write(bytes, to: path) } catch { throw UsageError(error.description) }
            Console.note("wrote \(path): \(bytes.count) bytes, \(spec.frameCount) frames, \(spec.width)x\(spec.height)")
        }
        return .success
    }
}
