import BenchCore
import BenchKit
import GIFCodec

/// `bench inspect FILE [--hashes]`.
enum InspectCommand {
    static let help = """
    Usage: bench inspect FILE [--hashes]

    Without --hashes: the container facts (size, frames, loop count, per-frame rectangle,
    disposal, raw and effective delays, interlace, palette kind).
    --max-pixels N  refuse a screen of more than N pixels (default: 100000000)
    --hashes   print exactly one line per frame, '<index> <hash>', the FNV-1a 64 hash of the
               composited RGBA frame, and nothing else on stdout
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let hashes = arguments.flag("--hashes")
        let limits = try RunCommand.limits(&arguments)
        let files = arguments.positionals()
        try arguments.finish(command: "inspect")
        guard files.count == 1, let path = files.first else { throw UsageError("inspect takes exactly one FILE (see 'bench inspect --help')") }
        let container: GIFContainer
        do {
            container = try GIFContainer(contentsOfFile: path)
            _ = try Playability.check(container, limits: limits)
        } catch {
            throw UsageError(error.description.hasPrefix(path) ? error.description : "\(path): \(error)")
        }
        let lines = hashes ? try GIFInspection.hashLines(container) : GIFInspection.describe(container, fileName: path)
        print(lines.joined(separator: "\n"))
        return .success
    }
}
