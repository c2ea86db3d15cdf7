#if canImport(Glibc)
import Glibc
#endif

/// The measuring child of `bench run` and `bench feed`: one playability check, case or feed per process, one JSON
/// result on stdout. The `bench-case` program is this alone; a harness of another package (`GIFFrameBench.Harness`)
/// runs it when its own binary is started as a child.
public enum ChildEntry {
    /// Whether `arguments` (without the program's name) are a child's: `--check FILE`, `--case JSON` or `--feed JSON`.
    public static func isChild(_ arguments: [String]) -> Bool {
        ["--check", "--case", "--feed"].contains(arguments.first ?? "")
    }

    /// Plays what `arguments` ask for and returns the exit status; `program` names this program in errors.
    public static func run(_ arguments: [String], program: String = "bench-case") -> Int32 {
        guard ParentProcess.tieLifetimeToParent() else {
            Console.write("\(program): error: the bench process that started this one is gone\n")
            return 3
        }
        if let check = PlayabilityCheck.run(arguments) {
            if !check.reason.isEmpty { print(check.reason) }
            return check.status
        }
        if let feed = FeedCase(arguments: arguments) {
            return write(FeedExecution.run(feed), what: "the feed's result", program: program)
        }
        guard let benchCase = BenchCase(arguments: arguments) else {
            Console.write("\(program): error: bad arguments; this program is started by 'bench run', not by hand\n")
            return 2
        }
        return write(CaseExecution.run(benchCase), what: "the result", program: program)
    }

    private static func write(_ result: some Encodable, what: String, program: String) -> Int32 {
        do {
            print(try JSONWriter.encode(result))
            return 0
        } catch {
            Console.write("\(program): error: cannot encode \(what): \(error)\n")
            return 3
        }
    }
}
