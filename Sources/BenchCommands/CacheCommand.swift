import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import FrameDecoders
import Foundation
import GIFCodec
import SystemFiles

/// `bench cache`: the image-cache store path — what each way of storing costs and whether a GIF stays a GIF, and a
/// WebP a WebP.
enum CacheCommand {
    static let help = """
    Usage: bench cache [--gif FILE|DIR]... [--repetitions N] [--out DIR] [--codec fast|giflib] [--timeout SECONDS]
                       [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE] [--allow-special-files]

    For every GIF (default: the synthetic corpus), or WebP given with --gif (told by its first bytes): stores it
    in a disk cache with its original bytes and without them (re-encoded as GIF, a WebP as lossless WebP), times
    both and counts the bytes written; loads a GIF back and shows the first frame four ways (eager or windowed,
    bytes on the heap or mapped with mmap), with the heap each holds; and checks the round trip: first byte and
    sniffed format of the stored file, frame count, delays, loop count and every frame's pixels. Writes cache.csv and
    cache.md to DIR (default bench-results/cache) and prints the Markdown. The entries live in a private scratch
    directory (mode 0700, under TMPDIR) removed at the end.

    Each file is measured in a child process of its own, within --timeout SECONDS and the limits below; one that
    runs past it or fails is skipped with one line on stderr (and the command exits 4). The decoded frames are held
    once at a time, a windowed load keeps at most 4 (a still image 1), and a load that would hold more than the
    eager limit below is left out: the limit bounds the frames the child decodes, as for an eager case of 'bench
    run'. The decoder's canvases come on top: for a still image, as much again for a GIF, three times for a WebP.

    \(SharedFlags.readingHelp)
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let inputs = try GIFInputs.resolve(try arguments.values("--gif"), acceptsWebP: true)
        let repetitions = try arguments.integer("--repetitions", in: 1...100) ?? 3
        let out = try arguments.value("--out") ?? "bench-results/cache"
        let timeout = try arguments.integer("--timeout",
                                            in: OptionRanges.timeoutSeconds) ?? OptionRanges.defaultCaseTimeoutSeconds
        let allowsSpecialFiles = arguments.flag("--allow-special-files")
        let limits = try SharedFlags.limits(&arguments)
        let codec = try CodecOption.one(&arguments)
        if let one = try arguments.value("--measure-one") {
            return try measureOne(one, arguments: &arguments, repetitions: repetitions, limits: limits, codec: codec)
        }
        try arguments.finish(command: "cache")
        let session = CommandSession("bench cache")
        let output = try session.reportFolder(out)
        let scratch = try PrivateDirectory.forRun()
        let rules = InputFileRules(maxBytes: limits.maxFileBytes, allowsSpecialFiles: allowsSpecialFiles,
                                   deadlineSeconds: Double(timeout))
        // The store path decodes every frame up front, as an eager decoder does: the eager limit applies to each file.
        let (playable, rejected) = GIFInputs.partition(inputs, limits: limits, rules: rules, scratch: scratch,
                                                       acceptsWebP: true, deepCheck: { path in
            do {
                try limits.checkEager(AnimationFile.open(contentsOfFile: path, rules: rules, limits: limits))
                return nil
            } catch let error as GIFError {
                return error.explained
            } catch {
                return "\(error)"
            }
        })
        guard !playable.isEmpty else { throw UsageError(rejected.map(\.reason).joined(separator: "; ")) }
        for input in rejected { Console.error("skipping \(input.reason)") }
        let files = try CorpusFiles(playable, scratch: scratch, limits: limits)
        let cacheDirectory = scratch.path + "/cache"
        var rows: [CacheMeasurement] = []
        let clock = StepClock(steps: playable.count)
        var failed: [String] = []
        for (index, input) in playable.enumerated() {
            if Interruption.requested { break }
            Console.note("[\(index + 1)/\(playable.count)] cache: \(input.name)" + (index > 0 ? " · \(clock.status(noun: "GIFs"))" : ""))
            defer { clock.stepDone() }
            let arguments = ["cache", "--measure-one", files.paths[input.name]!, "--name", input.name,
                             "--cache-directory", cacheDirectory, "--repetitions", "\(repetitions)",
                             "--codec", "\(codec)"] + SharedFlags.arguments(limits)
            let answer: Result<CacheMeasurement, ChildFailure>? = try CaseRunner.askOwnProgram(
                arguments, timeout: Double(timeout), shouldStop: { Interruption.requested })
            switch answer {
            case .success(let row)?: rows.append(row)
            case .failure(let failure)?:
                Console.error("skipping \(Console.visible(input.name)): \(failure.reason)")
                failed.append(input.name)
            case nil:
                break
            }
        }
        if Interruption.requested {
            Console.error("interrupted after \(rows.count) of \(playable.count) files; no report written")
            return .incomplete
        }
        guard !rows.isEmpty else { throw UsageError("no file could be measured (\(failed.count) skipped)") }
        let command = arguments.commandLine
        let report = CacheReport(rows: rows, metadata: RunMetadata.current(command: command))
        let markdown = report.markdown
        _ = try session.publish(report, to: output)
        Console.answer(markdown)
        let lost = rows.filter { !($0.framesKept && $0.delaysKept && $0.loopKept && $0.pixelsKept && $0.reencodedFormat == $0.originalFormat && $0.originalByteIdentical) }
        if !lost.isEmpty {
            Console.error("the round trip lost something for: \(lost.map(\.gif).joined(separator: ", "))")
            return .internalFailure
        }
        session.note("cache report in \(out)/cache.{csv,md}")
        // A GIF skipped is a gap in the report: exit 4, as README says.
        return rejected.isEmpty && failed.isEmpty ? .success : .incomplete
    }

    /// The child's side (`--measure-one PATH --name NAME --cache-directory DIR`): measures one file and prints its
    /// ``CacheMeasurement`` as JSON.
    static func measureOne(_ path: String, arguments: inout ArgumentList, repetitions: Int, limits: DecodeLimits,
                           codec: LZWCodec) throws -> ExitStatus {
        guard let name = try arguments.value("--name"), let directory = try arguments.value("--cache-directory") else {
            throw UsageError("--measure-one needs --name and --cache-directory")
        }
        try arguments.finish(command: "cache")
        let row = try CacheScenario.measure(name: name, path: path, cacheDirectory: directory,
                                            repetitions: repetitions, limits: limits, codec: codec)
        Console.output(String(decoding: try JSONEncoder().encode(row), as: UTF8.self))
        return .success
    }
}
