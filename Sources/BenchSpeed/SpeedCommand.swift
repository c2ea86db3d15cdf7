import CaseModel
import BenchPlan
import BenchRunning
import BenchCLI
import Foundation
import FrameDecoders
import GIFCodec
import GiflibBaseline
import SystemFiles

/// `bench speed`: LZW-only throughput of each codec, and each decoder end to end with each codec, against a plain C
/// loop over giflib.
public enum SpeedCommand {
    static let help = """
    Usage: bench speed [--gif FILE|DIR]... [--corpus synthetic|real|all] [--codec fast,giflib] [--window N] [--csv]
                       [--timeout SECONDS] [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE]
                       [--pass-times [--min-time S] [--min-samples N] [--sample-ms MS]]

    Two tables, every figure the median of at least 3 runs and 0.5 s, in megapixels per second of wall time:
      LZW only      the frames' palette indices decoded and nothing else, per codec; pixels are the frames' own
                    rectangles (their areas summed), so the figure is the codec's speed and the ratio is fast ÷ giflib;
                    px/code is pixels per LZW code and ns/code the time per code (codes as the fast decoder counts them)
      end to end    composited canvas (frames x screen width x screen height) per second:
                      giflib-c-loop  a straightforward C loop over DGifGetLine plus compositing (the floor for giflib)
                      compositor     this project's compositor, one pass over all frames
                      eager          EagerDecoder: every frame into its own buffer
                      windowed       WindowedDecoder(window: N), one loop of playback (default N = 4)
                      indexed        IndexedDecoder(window: N), three loops of playback: LZW in the first loop only
                    each with every codec of --codec (default: fast,giflib)
    Default input: the synthetic corpus. Each GIF is measured in a child process of its own; one that cannot be played,
    or runs past --timeout SECONDS (default: 600), is skipped with one line on stderr (and the command exits 4). A GIF
    over --max-eager-bytes gets a dash in the eager columns. --csv prints CSV instead of Markdown tables.

    --pass-times prints instead, per GIF, codec and path (compositor, eager), one line of key=value pairs in the format
    of ../shared/wuffs/wuffs_gif.c, timed by its rule (bench_common.h): a warm-up pass sets the passes per sample;
    samples until there are --min-samples N (default 5) and --min-time S seconds of process CPU (default 0.3), each
    --sample-ms MS long (default 2); the best and the median per pass on the wall and the process-CPU clocks. The
    GIFs are measured in this process, after the playability check, so the figures sit beside Wuffs's own harness.
    """

    public static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let csv = arguments.flag("--csv")
        let window = try arguments.integer("--window", in: 1...1000) ?? BenchCase.defaultWindow
        let codecs = try CodecOption.list(&arguments, default: [.fast, .giflib])
        let limits = try SharedFlags.limits(&arguments)
        let timeout = try arguments.integer("--timeout", in: OptionRanges.timeoutSeconds) ?? 600
        if let one = try arguments.value("--measure-one") {
            try arguments.finish(command: "speed")
            return try measureOne(one, window: window, codecs: codecs, limits: limits)
        }
        let printsPassTimes = arguments.flag("--pass-times")
        let minimumSeconds = try SharedFlags.number(arguments.value("--min-time"), flag: "--min-time",
                                                   in: 0...3600) ?? 0.3
        let minimumSamples = try arguments.integer("--min-samples", in: 1...500) ?? 5
        let sampleSeconds = (try SharedFlags.number(arguments.value("--sample-ms"), flag: "--sample-ms",
                                                   in: 0.001...10_000) ?? 2) / 1000
        let corpus = try SharedFlags.corpus(&arguments)
        let inputs = try GIFInputs.resolve(try arguments.values("--gif"), corpus: corpus)
        try arguments.finish(command: "speed")
        BuildConfiguration.warnIfDebug(command: "bench speed")
        let scratch = try PrivateDirectory.forRun()
        // The GIFs written there (the built-in corpus) must outlive every measurement, in this process or a child.
        defer { withExtendedLifetime(scratch) {} }
        let files = try CorpusFiles(inputs, scratch: scratch, limits: limits)
        if printsPassTimes {
            for input in inputs {
                guard let path = files.paths[input.name] else { continue }
                try passTimes(path, codecs: codecs, limits: limits,
                              timing: (minimumSeconds, minimumSamples, sampleSeconds))
            }
            return .success
        }
        Interruption.install()

        // Each GIF is measured in a child of its own, under --timeout and the limits: a GIF that cannot be played,
        // hangs or crashes costs its row, not the tables.
        var lzwRows: [[String]] = [], endToEndRows: [[String]] = []
        var skipped = 0
        let clock = StepClock(steps: inputs.count)
        for (index, input) in inputs.enumerated() {
            if Interruption.requested { break }
            Console.note("speed: [\(index + 1)/\(inputs.count)] \(Console.visible(input.name))" + (index > 0 ? " · \(clock.status(noun: "GIFs"))" : ""))
            defer { clock.stepDone() }
            guard let path = files.paths[input.name] else { skipped += 1; continue }
            let arguments = ["speed", "--measure-one", path, "--window", "\(window)", "--codec",
                             codecs.map(\.description).joined(separator: ",")] + SharedFlags.arguments(limits)
            let answer: Result<SpeedRows, ChildFailure>? = try CaseRunner.askOwnProgram(
                arguments, timeout: Double(timeout), shouldStop: { Interruption.requested })
            switch answer {
            case .success(let rows)?:
                for note in rows.notes { Console.note("speed: \(Console.visible(input.name)): \(note)") }
                lzwRows.append([input.name] + rows.lzw)
                endToEndRows.append(rows.endToEnd)
            case .failure(let failure)?:
                // In a folder of many GIFs one bad file costs its row, not the run.
                Console.note("speed: skipped \(Console.visible(input.name)): \(failure.reason)")
                skipped += 1
            case nil:
                break
            }
        }
        if lzwRows.isEmpty { throw UsageError("no GIF could be measured (\(skipped) "
                                              + "skipped\(Interruption.requested ? ", interrupted" : ""))") }
        let ratio = codecs.count == 2 ? ["\(codecs[0]) ÷ \(codecs[1])"] : []
        let lzwHeader = ["gif", "frames", "frame Mpx", "px/code"] + codecs.map { "\($0) LZW (Mpx/s)" } + codecs.map { "\($0) (ns/code)" } + ratio
        var endToEndHeader = ["screen", "giflib C loop (Mpx/s)"]
        for path in EndToEndPath.all { endToEndHeader += codecs.map { "\(path.header(window: window)) \($0) (Mpx/s)" } }
        if csv {
            // One row per GIF, every figure: the LZW columns, then the end-to-end ones.
            let names = (lzwHeader + endToEndHeader).map(Self.csvName)
            Console.answer(([names] + zip(lzwRows, endToEndRows).map { $0 + $1 }).map { $0.joined(separator: ",") }.joined(separator: "\n"))
        } else {
            Console.answer(table(lzwHeader, lzwRows, numericFrom: 1))
            Console.output("")
            Console.answer(table(["gif", "frames"] + endToEndHeader,
                                 zip(lzwRows, endToEndRows).map { [$0[0], $0[1]] + $1 }, numericFrom: 1))
        }
        if Interruption.requested {
            Console.error("interrupted: the tables hold the \(lzwRows.count) of \(inputs.count) GIFs measured "
                          + "before the signal")
            return .internalFailure
        }
        return skipped > 0 ? .incomplete : .success
    }

    /// One GIF's two rows, as a child measures them (`--measure-one`), without the GIF's name.
    struct SpeedRows: Codable {
        var lzw: [String]
        var endToEnd: [String]
        /// What the parent says on stderr for this GIF (a decoder left out, and why).
        var notes: [String]
    }

    /// The child's side: measures the GIF at `path` and prints its rows as JSON; a GIF that cannot be played is one
    /// line on stderr and exit 2.
    static func measureOne(_ path: String, window: Int, codecs: [LZWCodec], limits: DecodeLimits) throws -> ExitStatus {
        let container = try GIFContainer(contentsOfFile: path, rules: InputFileRules(maxBytes: limits.maxFileBytes))
        _ = try Playability.check(container, limits: limits)
        let comparison = try lzwThroughput(container, codecs: codecs)
        let lzw = comparison.throughputs
        let pixels = Double(Self.framePixels(container))
        let codes = Double(max(try Self.codeCount(container), 1))
        var lzwRow = ["\(container.frameCount)", format(pixels / 1e6, digits: 2), format(pixels / codes, digits: 2)]
        lzwRow += lzw.map { format($0.megapixelsPerSecond) }
        lzwRow += lzw.map { format(pixels / ($0.megapixelsPerSecond * 1e6) * 1e9 / codes, digits: 2) }
        if codecs.count == 2 { lzwRow.append(format(comparison.ratio(0, to: 1), digits: 2)) }

        var row = ["\(container.width)x\(container.height)", format(try cLoop(container).megapixelsPerSecond)]
        // Eager over --max-eager-bytes is a dash in its columns (said once on stderr), not a lost row.
        var eagerRefusal: GIFError?
        do throws(GIFError) { try limits.checkEager(container) } catch { eagerRefusal = error }
        let notes = eagerRefusal.map { ["eager not measured: \($0.explained)"] } ?? []
        for path in EndToEndPath.all {
            for codec in codecs {
                if case .decoder(let kind) = path, !kind.takesWindow, eagerRefusal != nil { row.append("–"); continue }
                row.append(format(try endToEnd(path, container, codec: codec, window: window, limits: limits).megapixelsPerSecond))
            }
        }
        Console.output(String(decoding: try JSONEncoder().encode(SpeedRows(lzw: lzwRow, endToEnd: row, notes: notes)),
                              as: UTF8.self))
        return .success
    }

    /// `--pass-times`: one line per codec and path for the GIF at `file`, in the key=value format of the Wuffs harness.
    static func passTimes(_ file: String, codecs: [LZWCodec], limits: DecodeLimits,
                          timing: (seconds: Double, samples: Int, sampleSeconds: Double)) throws {
        let container = try GIFContainer(contentsOfFile: file, rules: InputFileRules(maxBytes: limits.maxFileBytes))
        _ = try Playability.check(container, limits: limits)
        let eagerRefused = (try? limits.checkEager(container)) == nil
        let pixels = Double(container.frameCount * container.width * container.height)
        for codec in codecs {
            for mode in ["compositor", "eager"] where !(mode == "eager" && eagerRefused) {
                let timed = try PassTiming.measure(minimumSeconds: timing.seconds, minimumSamples: timing.samples,
                                                   sampleSeconds: timing.sampleSeconds) {
                    if mode == "eager" {
                        _ = try EagerDecoder(container: container, limits: limits, codec: codec)
                    } else {
                        let compositor = try Compositor(container: container, codec: codec)
                        for _ in 0..<container.frameCount { compositor.advance() }
                    }
                }
                func ms(_ seconds: Double) -> String { Format.fixed(seconds * 1000, digits: 4) }
                Console.answer(["tool=project", "mode=\(mode)", "codec=\(codec)", "file=\(file)",
                                "frames=\(container.frameCount)",
                       "w=\(container.width)", "h=\(container.height)", "best_ms=" + ms(timed.bestSeconds),
                       "median_ms=" + ms(timed.medianSeconds), "cpu_best_ms=" + ms(timed.cpuBestSeconds),
                       "cpu_median_ms=" + ms(timed.cpuMedianSeconds), "passes=\(timed.passesPerSample)",
                       "samples=\(timed.samples)",
                       "best_mpxs=" + format(pixels / max(timed.bestSeconds, 1e-12) / 1e6),
                       "status=ok"].joined(separator: " "))
            }
        }
    }

    /// A Markdown header as a CSV column name: `fast LZW (Mpx/s)` → `fast_lzw_mpx_s`, `fast ÷ giflib` →
    /// `fast_vs_giflib`.
    static func csvName(_ header: String) -> String {
        header.lowercased().replacingOccurrences(of: " (mpx/s)", with: "_mpx_s").replacingOccurrences(of: " (ns/code)", with: "_ns_per_code")
            .replacingOccurrences(of: " ÷ ", with: "_vs_").replacingOccurrences(of: "px/code", with: "px_per_code")
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: " ", with: "_")
    }

    /// Pixels the codec decodes for one pass: every frame's rectangle.
    static func framePixels(_ container: GIFContainer) -> Int { container.frames.reduce(0) { $0 + $1.rect.width * $1.rect.height } }

    /// LZW codes in one pass over every frame, as the fast decoder counts them.
    static func codeCount(_ container: GIFContainer) throws -> Int {
        let reader = try FrameIndexReader(container: container, codec: .fast)
        return (0..<container.frameCount).reduce(0) { total, index in
            reader.decode(frame: index) { _, _ in }
            return total + (reader.lastOutcome?.codes ?? 0)
        }
    }

    /// LZW alone with each codec, timed in alternation: the ratio column is read from samples taken side by side.
    static func lzwThroughput(_ container: GIFContainer, codecs: [LZWCodec]) throws -> ThroughputComparison {
        let readers = try codecs.map { codec in try FrameIndexReader(container: container, codec: codec) }
        return ThroughputComparison.measure(codecs.map { "\($0) LZW" }, pixelsPerRun: framePixels(container)) { contender in
            for index in 0..<container.frameCount { readers[contender].decode(frame: index) { _, _ in } }
        }
    }

    static func cLoop(_ container: GIFContainer) throws -> Throughput {
        let bytes = container.bytes
        var checksum: UInt64 = 0
        return Throughput.measure("giflib-c-loop", pixelsPerRun: container.frameCount * container.width * container.height) {
            _ = giflib_baseline_decode(bytes.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count,
                                       &checksum)
        }
    }

    /// The paths the end-to-end table times, in its column order: the compositor alone, then each decoder kind.
    enum EndToEndPath {
        case compositor
        case decoder(DecoderKind)

        static var all: [EndToEndPath] { [.compositor] + DecoderKind.all.map { .decoder($0) } }

        /// `compositor`, `eager`, `windowed w=4`, `indexed w=4 3 loops`.
        func header(window: Int) -> String {
            switch self {
            case .compositor: "compositor"
            case .decoder(let kind):
                "\(DecoderChoice.kind(kind, kind.window(.frames(window))))" + (kind.speedLoops > 1 ? " \(kind.speedLoops) loops" : "")
            }
        }
    }

    /// Mpx/s of one path: the compositor over every frame, or a decoder built and played for its kind's loops (a kind
    /// without a window decodes everything as it is built).
    static func endToEnd(_ path: EndToEndPath, _ container: GIFContainer, codec: LZWCodec, window: Int,
                         limits: DecodeLimits) throws -> Throughput {
        let pixels = container.frameCount * container.width * container.height
        switch path {
        case .compositor:
            return try Throughput.measure("compositor", pixelsPerRun: pixels) {
                let compositor = try Compositor(container: container, codec: codec)
                for _ in 0..<container.frameCount { compositor.advance() }
            }
        case .decoder(let kind):
            let inputs = DecoderInputs(container: container, window: kind.window(.frames(window)), limits: limits,
                                       codec: codec)
            let loops = kind.takesWindow ? kind.speedLoops : 0
            return try Throughput.measure(kind.name, pixelsPerRun: max(loops, 1) * pixels) {
                let decoder = try kind.make(inputs)
                for _ in 0..<loops {
                    for index in 0..<container.frameCount { try decoder.withFrame(at: index) { _ in () } }
                }
            }
        }
    }

    static func table(_ header: [String], _ rows: [[String]], numericFrom: Int) -> String {
        let rule = header.indices.map { $0 >= numericFrom ? "---:" : "---" }
        return ([header, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    static func format(_ value: Double, digits: Int = 1) -> String {
        let scale = [1.0, 10, 100, 1000][min(digits, 3)]
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }
}
