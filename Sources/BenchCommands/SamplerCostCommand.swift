import CaseModel
import BenchPlan
import BenchRunning
import MemoryProbe
import BenchCLI
import SystemFiles

/// `bench sampler-cost`: what the memory sampler itself costs in CPU, measured rather than assumed.
enum SamplerCostCommand {
    static let help = """
    Usage: bench sampler-cost [--gif FILE] [--repetitions N] [--loops N] [--timeout SECONDS]
                              [--max-pixels N] [--max-eager-bytes SIZE] [--max-file-size SIZE]

    Plays one GIF (default: the synthetic kingfisher-720x720x150) in throughput mode with the
    windowed decoder (window 4) and with the eager decoder, each N times (default 7) with the memory
    sampler on (frame steps at most every 2 ms plus a 2 ms background thread) and N times with it off, alternating,
    and reports the median CPU time of each and the relative cost with a 95% bootstrap interval. Every play is a
    child process under --timeout (default: 300 s) and the limits of 'bench run --help'; a GIF and decoder whose
    play fails gets a row saying why, and the command exits 4.
    """

    static func run(_ arguments: ArgumentList, child: MeasuringChild) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let repetitions = try arguments.integer("--repetitions", in: 2...100) ?? 7
        let loops = try arguments.integer("--loops", in: 1...1000) ?? 3
        let gifs = try arguments.values("--gif")
        let timeout = try arguments.integer("--timeout",
                                            in: OptionRanges.timeoutSeconds) ?? OptionRanges.defaultCaseTimeoutSeconds
        let limits = try SharedFlags.limits(&arguments)
        try arguments.finish(command: "sampler-cost")
        let inputs = gifs.isEmpty ? try GIFInputs.resolve([]).filter { $0.name == "kingfisher-720x720x150" } : try GIFInputs.resolve(gifs)
        let scratch = try PrivateDirectory.forRun()
        let files = try CorpusFiles(inputs, scratch: scratch, limits: limits)
        let runner = try child.runner(timeout: Double(timeout))
        var failures = 0

        Console.output("| gif | decoder | CPU, sampler off | CPU, sampler on | samples | sampler cost (95% CI) |")
        Console.output("|---|---|---:|---:|---:|---:|")
        for input in inputs {
            for decoder in [DecoderChoice.windowed(.frames(Suite.defaultWindow)), .eager] {
                var off: [Double] = [], on: [Double] = [], samples: [Double] = []
                var failure: String?
                plays: for repetition in 1...repetitions {
                    for interval in [-1.0, MemorySampler.defaultInterval] {
                        var benchCase = BenchCase(gif: input.name, path: files.paths[input.name]!, decoder: decoder,
                                                  loops: loops, repetition: repetition, samplerInterval: interval)
                        benchCase.limits = limits
                        let result = runner.run(benchCase)
                        if let reason = result.failure { failure = reason; break plays }
                        if interval < 0 { off.append(result[.cpuTotal]) } else { on.append(result[.cpuTotal]); samples.append(Double(result.samplerSamples)) }
                    }
                    Console.note("sampler-cost: \(input.name) \(decoder) repetition \(repetition)/\(repetitions)")
                }
                if let failure {
                    failures += 1
                    Console.error("sampler-cost: \(Console.visible(input.name)) \(decoder): \(failure)")
                    Console.answer("| \(input.name) | \(decoder) | failed: \(failure) | | | |")
                    continue
                }
                let cost = zip(on, off).map { $0 / $1 - 1 }
                let interval = Statistics.bootstrapMedianInterval(cost)
                Console.answer("| \(input.name) | \(decoder) | \(Format.duration(Statistics.median(off))) | "
                               + "\(Format.duration(Statistics.median(on))) | "
                      + "\(Int(Statistics.median(samples))) | \(Format.percent(Statistics.median(cost))) "
                      + "(\(Format.percent(interval.lower)) to \(Format.percent(interval.upper))) |")
            }
        }
        return failures > 0 ? .incomplete : .success
    }
}
