import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import Foundation

/// `bench merge DIR... --out DIR`: the reports of `bench run --shard i/n` joined into one.
enum MergeCommand {
    static let help = """
    Usage: bench merge DIR... --out DIR [--allow-mixed-builds]

    Joins the reports of a sharded run (each DIR holds one shard's results.json, from 'bench run --shard i/n')
    into one report in --out: results.csv, results.md, results.json and charts/, as an unsharded run writes
    them. Refuses, with one line and exit 2, shards of different suites, a shard given twice, shards that
    overlap, a missing shard, and shards played by bench built from different commits or Swift versions
    (unless --allow-mixed-builds), naming which. Exit 4 when a merged case failed, 3 when a shard was
    interrupted.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        guard let out = try arguments.value("--out") else { throw UsageError("merge needs --out DIR (see 'bench "
                                                                             + "merge --help')") }
        let exports = try Exports(&arguments)
        let allowingMixedBuilds = arguments.flag("--allow-mixed-builds")
        let directories = arguments.positionals()
        try arguments.finish(command: "merge")
        guard !directories.isEmpty else { throw UsageError("merge needs the shards' report folders (see 'bench "
                                                           + "merge --help')") }
        try Destinations.checkFolder(("--out", out), against: directories.map { ("the shard folder \($0)", $0) })
        // Merging takes a second: a signal stops it at once, with nothing written.
        let session = CommandSession("bench", interruptible: false)
        let shardReports = directories.map { ("the shard report \($0)/results.json",
                                              ($0 as NSString).appendingPathComponent("results.json")) }
        let output = try session.reportFolder(out, writes: exports.destinations, reads: shardReports)
        var reports: [(source: String, report: RunReport)] = []
        for directory in directories {
            let path = (directory as NSString).appendingPathComponent("results.json")
            reports.append((directory, try BaselineFile.load(path, role: "shard report")))
        }
        let merged = try ShardMerge.merge(reports, command: arguments.commandLine,
                                          allowingMixedBuilds: allowingMixedBuilds)
        let exported = try session.publish(RunReportFiles(merged), to: output, exports: exports)
        Console.answer(MarkdownReporter.render(merged))
        session.note("merged \(reports.count) shards, \(merged.results.count) cases; "
                     + "reports in \(out)/results.{csv,md,json} and \(out)/charts/")
        return session.status(finished: merged.results.count, noun: "case",
                              failed: merged.results.filter { $0.failure != nil }.count,
                              interrupted: merged.incomplete, cut: "a shard was interrupted", exported: exported)
    }
}
