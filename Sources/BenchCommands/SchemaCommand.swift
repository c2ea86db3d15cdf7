import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchVerdicts
import BenchCLI

/// `bench schema results|feed`: the JSON Schema of a report's JSON, as `docs/results.schema.json` and
/// `docs/feed.schema.json` hold it.
enum SchemaCommand {
    static let help = """
    Usage: bench schema results|feed|columns|feed-columns|design

    Prints the JSON Schema (draft 2020-12) of results.json (also a baseline's and a shard's report) or of feed.json.
    The measure keys come from the harness's own declarations; docs/results.schema.json and docs/feed.schema.json
    are this output, checked by the tests. 'columns' prints the CSV's columns as a Markdown table (column, unit,
    meaning), in CSV order: docs/running.md's "Report columns", checked by the tests too; 'feed-columns' the same for
    bench feed's feed.csv: docs/feed.md's "Feed columns"; 'design' the defaults, limits and rules the code runs on:
    docs/design-figures.md, against which the docs' design figures are checked.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { Console.output(help); return .success }
        let which = arguments.positionals()
        try arguments.finish(command: "schema")
        switch which.count == 1 ? which[0] : nil {
        case "results": Console.output(try ReportSchema.text(ReportSchema.results()), terminator: "")
        case "feed": Console.output(try ReportSchema.text(ReportSchema.feed()), terminator: "")
        case "columns": Console.output(ColumnContract.markdown(), terminator: "")
        case "feed-columns": Console.output(ColumnContract.feedMarkdown(), terminator: "")
        case "design": Console.output(DesignFigures.markdown(), terminator: "")
        default: throw UsageError("schema takes results, feed, columns, feed-columns or design, not "
                                  + "'\(which.joined(separator: " "))' (see 'bench schema --help')")
        }
        return .success
    }
}
