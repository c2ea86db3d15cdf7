import MemoryProbe
import BenchCore
import BenchKit
import Foundation

/// `bench run`, and `bench` with no arguments: run a suite in child processes and write the reports.
enum RunCommand {
    static let help = """
    Usage: bench run [--gif FILE|DIR]... [--decoders eager,windowed] [--windows 4] [--loops 3]
                     [--repetitions 3] [--quick] [--out DIR] [--timeout SECONDS] [--sampler-interval MS]

    Plays every GIF with every decoder, each case in a fresh child process, and writes
    results.csv, results.md and results.json to DIR (default Reports/latest), replacing
    the files of an earlier run there. Progress goes to stderr, the Markdown summary to stdout.

      --gif FILE|DIR         a GIF, or a directory searched for *.gif (repeatable; default: the synthetic corpus)
      --decoders LIST        eager, windowed, or both (default: eager,windowed)
      --windows LIST         windowed decoder window sizes in frames (default: 4)
      --loops N              loops of playback per case (default: 3)
      --repetitions N        child processes per case, for medians and confidence intervals (default: 3)
      --quick                1 loop and 2 repetitions: the default suite in well under 20 s
      --out DIR              where the reports go (default: Reports/latest)
      --timeout SECONDS      a case running longer is killed and reported as failed (default: 300)
      --sampler-interval MS  background memory sampling period in milliseconds, 0 = only at frame steps (default: 2)
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let quick = arguments.flag("--quick")
        let inputs = try GIFInputs.resolve(try arguments.values("--gif"))
        let decoderNames = try list(arguments.value("--decoders")) ?? ["eager", "windowed"]
        let windows = try (list(arguments.value("--windows")) ?? ["\(Suite.defaultWindow)"]).map { text throws(UsageError) in
            guard let window = Int(text), window >= 1 else { throw UsageError("--windows takes whole numbers of at least 1, not '\(text)'") }
            return window
        }
        let loops = try arguments.integer("--loops", in: 1...10_000) ?? (quick ? 1 : 3)
        let repetitions = try arguments.integer("--repetitions", in: 1...1000) ?? (quick ? 2 : 3)
        let out = try arguments.value("--out") ?? "Reports/latest"
        let timeout = try arguments.integer("--timeout", in: 1...86_400) ?? 300
        let samplerMilliseconds = try arguments.integer("--sampler-interval", in: 0...10_000) ?? Int(MemorySampler.defaultInterval * 1000)
        try arguments.finish(command: "run")

        var decoders: [DecoderChoice] = []
        for name in decoderNames {
            switch name {
            case "eager": decoders.append(.eager)
            case "windowed": decoders += windows.map { .windowed(window: $0) }
            default: throw UsageError("unknown decoder '\(name)' (use eager, windowed)")
            }
        }
        if BuildConfiguration.isDebug {
            Console.note("warning: this is a debug build; its figures are not representative. Build for release: swift run -c release bench")
        }
        let (playable, rejected) = GIFInputs.partition(inputs)
        guard !playable.isEmpty else {
            throw UsageError(rejected.map(\.reason).joined(separator: "; "))
        }
        for input in rejected { Console.error("skipping \(input.reason)") }
        let suite = Suite(inputs: playable, decoders: decoders, loops: loops, repetitions: repetitions,
                          samplerInterval: Double(samplerMilliseconds) / 1000)
        let files = try CorpusFiles(playable)
        let cases = suite.cases(paths: files.paths)
        Console.note("bench: \(cases.count) cases (\(playable.count) GIFs × \(decoders.count) decoders × \(repetitions) repetitions, \(loops) loops each), one child process per case")

        Interruption.install()
        let progress = ProgressLine()
        let started = Date()
        let runner = CaseRunner(executable: try CaseRunner.childBesideThisBinary(), timeout: Double(timeout))
        let results = runner.run(cases, progress: { index, benchCase, result in
            let label = "[\(index + 1)/\(cases.count)] \(benchCase.gif) · \(benchCase.decoder) · repetition \(benchCase.repetition)"
            guard let result else { return progress.update(label + " …") }
            if let failure = result.failure {
                progress.line(label + ": FAILED: " + failure)
            } else {
                progress.line(label + ": \(Format.duration(result.wallSeconds)) wall, \(Format.duration(result.cpuTotalSeconds)) CPU, peak \(Format.bytes(Double(result.jemallocAllocatedPeakBytes))) allocated")
            }
        }, shouldStop: { Interruption.requested })

        let interrupted = Interruption.requested || results.count < cases.count
        let unreadable = rejected.flatMap { input in
            decoders.map { CaseResult(benchCase: BenchCase(gif: input.input.name, path: input.path, decoder: $0, loops: loops), failure: input.reason) }
        }
        let report = RunReport(metadata: RunMetadata.current(command: (["bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")),
                               results: results + unreadable, incomplete: interrupted)
        let markdown = MarkdownReporter.render(report)
        try ReportWriter.write([
            ("results.csv", Data(CSVReporter.render(report).utf8)),
            ("results.md", Data(markdown.utf8)),
            ("results.json", try JSONReporter.render(report)),
        ], to: out)
        print(markdown)
        Console.note("bench: \(results.count) of \(cases.count) cases in \(Format.duration(Date().timeIntervalSince(started))); reports in \(out)/results.{csv,md,json}")
        if interrupted {
            Console.error("interrupted: the report holds the \(results.count) cases that finished and is marked incomplete")
            return .internalFailure
        }
        return report.results.contains { $0.failure != nil } ? .internalFailure : .success
    }

    static func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
}
