import CaseModel
import BenchPlan
import FrameDecoders
import BenchRunning
import BenchCLI
import Foundation
import GIFCodec
import GIFCorpus
import WebPCodec

/// `bench inspect FILE [--hashes | --json] [--codec fast|giflib]`.
enum InspectCommand {
    static let help = """
    Usage: bench inspect FILE|NAME [--hashes | --json] [--codec fast|giflib] [--timeout SECONDS]
                              [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE] [--allow-special-files]

    FILE, or the name of a built-in GIF (kingfisher-720x720x150): a GIF, or a WebP (still or animated), told apart by
    their first bytes. Without --hashes: the container facts (size, frames, loop count, per-frame rectangle, disposal
    or blending, delays, interlace, palette kind or coding).
      --hashes               print exactly one line per frame, '<index> <hash>', the FNV-1a 64 hash of the
                             composited RGBA frame, and nothing else on stdout, each line as its frame is drawn;
                             within --timeout (the whole listing) and --max-eager-bytes (the canvas it draws on)
      --json                 the container facts as one JSON object (snake_case keys, a 'frames' array), for scripts
    \(SharedFlags.readingHelp)
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let hashes = arguments.flag("--hashes")
        let json = arguments.flag("--json")
        if hashes && json { throw UsageError("--hashes and --json cannot be combined: pick one output") }
        let limits = try SharedFlags.limits(&arguments)
        let codec = try CodecOption.one(&arguments)
        let timeout = try arguments.integer("--timeout",
                                            in: OptionRanges.timeoutSeconds) ?? OptionRanges.defaultCaseTimeoutSeconds
        let rules = InputFileRules(maxBytes: limits.maxFileBytes,
                                   allowsSpecialFiles: arguments.flag("--allow-special-files"),
                                   deadlineSeconds: Double(timeout))
        let files = arguments.positionals()
        try arguments.finish(command: "inspect")
        guard files.count == 1, let path = files.first else { throw UsageError("inspect takes exactly one FILE (see "
                                                                               + "'bench inspect --help')") }
        let container: GIFContainer
        let playability: Playability
        do {
            // A name with no folder that is no file here may be a built-in GIF, as `run --gif` takes it.
            let read: GIFBytes
            if !FileManager.default.fileExists(atPath: path), let spec = SyntheticCorpus.spec(forArgument: path) {
                read = GIFBytes(try SyntheticCorpus.gif(for: spec))
            } else {
                read = try GIFBytes(contentsOfFile: path, rules: rules)
            }
            // The format is told by the file's first bytes, never by its name.
            if hashes {
                return try listHashes(try AnimationFile.open(read, limits: limits), path: path, limits: limits,
                                      codec: codec, timeout: timeout)
            }
            if AnimationFormat(sniffing: read.buffer) == .webp {
                return try inspectWebP(read, path: path, limits: limits, json: json)
            }
            container = try GIFContainer(bytes: read)
            playability = try Playability.check(container, limits: limits, codec: codec)
        } catch let error as GIFError {
            throw UsageError(error.explained.hasPrefix(path) ? error.explained : "\(path): \(error.explained)")
        }
        if json {
            Console.output(try GIFInspection.json(container, fileName: path, limits: limits, codec: codec,
                                                  playability: playability))
            return .success
        }
        let lines = GIFInspection.describe(container, fileName: path, limits: limits, codec: codec,
                                           playability: playability)
        Console.answer(lines.joined(separator: "\n"))
        return .success
    }

    /// Each frame's hash, a line as each is drawn, within the run's limits: a canvas over --max-eager-bytes is
    /// refused before any frame, and a listing past --timeout stops with one line saying where.
    static func listHashes(_ container: any AnimationContainer, path: String, limits: DecodeLimits, codec: LZWCodec,
                           timeout: Int) throws -> ExitStatus {
        let working = FrameHashListing.workingBytes(container)
        guard working <= limits.maxEagerBytes else {
            throw UsageError("\(path): --hashes draws on a \(container.width)×\(container.height) canvas, "
                             + "\(Format.bytes(Double(working))), over --max-eager-bytes "
                             + "\(Format.bytes(Double(limits.maxEagerBytes)))")
        }
        let deadline = Date().addingTimeInterval(Double(timeout))
        let listed = try FrameHashListing.each(container, limits: limits, codec: codec,
                                               shouldStop: { _ in Date() > deadline }) { line in
            Console.output(line)
            fflush(nil)
        }
        guard listed == container.frameCount else {
            throw UsageError("\(path): --hashes stopped at frame \(listed) of \(container.frameCount): past --timeout "
                             + "\(timeout) s")
        }
        return .success
    }

    /// A WebP's facts (as lines or JSON) or its frames' hashes.
    static func inspectWebP(_ bytes: GIFBytes, path: String, limits: DecodeLimits, json: Bool) throws -> ExitStatus {
        do {
            let animation = try WebPAnimation(bytes: bytes, limits: limits)
            if json {
                Console.output(try WebPInspection.json(animation, fileName: path))
                return .success
            }
            let lines = WebPInspection.describe(animation, fileName: path)
            Console.answer(lines.joined(separator: "\n"))
            return .success
        } catch {
            throw UsageError("\(path): \(error)")
        }
    }
}
