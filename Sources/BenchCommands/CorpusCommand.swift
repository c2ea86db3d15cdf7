import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import SystemFiles
import Foundation
import GIFCorpus

/// `bench corpus --out DIR`.
enum CorpusCommand {
    static let help = """
    Usage: bench corpus --out DIR [--only NAME[,NAME…]] [--webp] [--force]

    Writes every synthetic corpus GIF (or those --only names) to DIR as NAME.gif.
    With --webp, also its
    WebP twins, the same frames encoded by libwebp's animation encoder as
    gif2webp does: NAME.lossless.webp and NAME.lossy-q75.webp (a frame equal to
    the one before is merged into it, its time added, as gif2webp merges it). An
    existing file is kept unless --force is given.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let force = arguments.flag("--force")
        let webp = arguments.flag("--webp")
        let only = try arguments.value("--only").map { $0.split(separator: ",").map(String.init) }
        let names = SyntheticCorpus.all.map(\.name)
        if let unknown = only?.first(where: { !names.contains($0) }) {
            throw UsageError("--only \(unknown): no built-in GIF of this name (\(names.joined(separator: ", ")))")
        }
        guard let directory = try arguments.value("--out") else { throw UsageError("corpus needs --out DIR") }
        try arguments.finish(command: "corpus")
        do { try makeDirectories(directory) } catch { throw UsageError("--out \(directory): \(error.description)") }
        for spec in SyntheticCorpus.all where only?.contains(spec.name) ?? true {
            let gif = try SyntheticCorpus.gif(for: spec)
            try write(gif, name: spec.name + ".gif", in: directory, force: force,
                      what: "\(spec.frameCount) frames, \(spec.width)x\(spec.height)")
            guard webp else { continue }
            for compression in WebPTwin.compressions {
                let name = "\(spec.name).\(compression.name).webp"
                guard force || !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name)) else {
                    Console.note("kept \((directory as NSString).appendingPathComponent(name)) (exists; "
                                 + "--force replaces it)")
                    continue
                }
                Console.note("encoding \(name) …")
                try write(try WebPTwin.of(gif: gif, compression: compression), name: name, in: directory, force: force,
                          what: "the twin of \(spec.name).gif, \(compression.name)")
            }
        }
        return .success
    }

    /// Writes `bytes` to DIR/`name`, keeping a file already there unless `force`.
    private static func write(_ bytes: [UInt8], name: String, in directory: String, force: Bool, what: String) throws {
        let path = (directory as NSString).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: path) && !force {
            Console.note("kept \(path) (exists; --force replaces it)")
            return
        }
        // One line for a read-only, full or unwritable folder (the raw Foundation error was a multi-line dump).
        do { try AtomicFile.write(bytes, to: path) } catch { throw UsageError(error.description) }
        Console.note("wrote \(path): \(bytes.count) bytes, \(what)")
    }
}
