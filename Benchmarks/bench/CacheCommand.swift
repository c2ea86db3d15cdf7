import BenchCore
import BenchKit
import Foundation

/// `bench cache`: the image-cache store path — what each way of storing costs and whether a GIF stays a GIF.
enum CacheCommand {
    static let help = """
    Usage: bench cache [--gif FILE|DIR]... [--repetitions N] [--out DIR]

    For every GIF (default: the synthetic corpus): stores it in a disk cache with its original bytes and
    without them (re-encoded as GIF), times both and counts the bytes written; loads it back and shows
    the first frame four ways (eager or windowed, GIF bytes on the heap or mapped with mmap), with the
    heap each holds; and checks the round trip: first byte and sniffed format of the stored file, frame
    count, delays, loop count and every frame's pixels. Writes cache.csv and cache.md to DIR
    (default bench-results/cache) and prints the Markdown.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let inputs = try GIFInputs.resolve(try arguments.values("--gif"))
        let repetitions = try arguments.integer("--repetitions", in: 1...100) ?? 3
        let out = try arguments.value("--out") ?? "bench-results/cache"
        try arguments.finish(command: "cache")
        let (playable, rejected) = GIFInputs.partition(inputs)
        guard !playable.isEmpty else { throw UsageError(rejected.map(\.reason).joined(separator: "; ")) }
        for input in rejected { Console.error("skipping \(input.reason)") }
        let files = try CorpusFiles(playable)
        let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("gif-frame-bench-cache-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cacheDirectory) }
        var rows: [CacheMeasurement] = []
        for (index, input) in playable.enumerated() {
            Console.note("[\(index + 1)/\(playable.count)] cache: \(input.name)")
            rows.append(try CacheScenario.measure(input, path: files.paths[input.name]!, cacheDirectory: cacheDirectory, repetitions: repetitions))
        }
        let markdown = CacheReporter.markdown(rows, metadata: RunMetadata.current(command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")))
        try ReportWriter.write([("cache.csv", Data(CacheReporter.csv(rows).utf8)), ("cache.md", Data(markdown.utf8))], to: out)
        print(markdown)
        let lost = rows.filter { !($0.framesKept && $0.delaysKept && $0.loopKept && $0.pixelsKept && $0.reencodedFormat == .gif && $0.originalByteIdentical) }
        if !lost.isEmpty {
            Console.error("the round trip lost something for: \(lost.map(\.gif).joined(separator: ", "))")
            return .internalFailure
        }
        Console.note("bench: cache report in \(out)/cache.{csv,md}")
        return .success
    }
}
