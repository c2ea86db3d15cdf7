import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import FrameDecoders
import Foundation
import GIFCodec

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
    sniffed format of the stored file, frame count, delays, loop count and every frame's pixels. Writes cache.csv and cache.md to DIR
    (default bench-results/cache) and prints the Markdown. The entries live in a private scratch directory
    (mode 0700, under TMPDIR) removed at the end. The decoded frames are held once at a time, so the eager limit
    below bounds the command's memory.

    \(RunCommand.readingHelp)
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
        let limits = try RunCommand.limits(&arguments)
        let codec = try CodecOption.one(&arguments)
        try arguments.finish(command: "cache")
        // The cache's round trips stop where a signal finds them: there is no case to finish first.
        let session = try CommandSession("bench cache", interruptible: false)
        let output = try session.reportFolder(out)
        let scratch = session.scratch
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
        for (index, input) in playable.enumerated() {
            Console.note("[\(index + 1)/\(playable.count)] cache: \(input.name)" + (index > 0 ? " · \(clock.status(noun: "GIFs"))" : ""))
            defer { clock.stepDone() }
            rows.append(try CacheScenario.measure(input, path: files.paths[input.name]!, cacheDirectory: cacheDirectory,
                                                  repetitions: repetitions,
                                               limits: limits, codec: codec))
        }
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
        return rejected.isEmpty ? .success : .incomplete
    }
}
