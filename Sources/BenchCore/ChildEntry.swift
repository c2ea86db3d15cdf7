import CaseModel
#if canImport(Glibc)
import Glibc
#endif

/// The measuring child of `bench run` and `bench feed`: one request per process (``ChildRequest``: a playability
/// check, a case or a feed), one answer on stdout, or a warm worker's passes (``PassWorker``): the check's reason, or a ``ChildReply``. The `bench-case` program is this alone; a harness of another package (`GIFFrameBench.Harness`)
/// runs it when its own binary is started as a child.
public enum ChildEntry {
    /// Whether `arguments` (without the program's name) are a child's: `--request JSON`.
    public static func isChild(_ arguments: [String]) -> Bool { arguments.first == ChildRequest.flag }

    /// Answers the request `arguments` hold and returns the exit status; `program` names this program in errors.
    public static func run(_ arguments: [String], program: String = "bench-case") -> Int32 {
        guard ParentProcess.tieLifetimeToParent() else {
            Console.write("\(program): error: the bench process that started this one is gone\n")
            return 3
        }
        switch ChildRequest(arguments: arguments) {
        case .check(let path, let limits):
            let check = PlayabilityCheck.run(path: path, limits: limits)
            if !check.reason.isEmpty { print(check.reason) }
            return check.status
        case .play(let benchCase):
            return write(.played(result: CaseExecution.run(benchCase)), program: program)
        case .feed(let feed):
            return write(.fed(result: FeedExecution.run(feed)), program: program)
        case .work(let benchCase):
            return PassWorker.serve(benchCase)
        case nil:
            Console.write("\(program): error: bad arguments; this program is started by 'bench run', not by hand\n")
            return 2
        }
    }

    private static func write(_ reply: ChildReply, program: String) -> Int32 {
        do {
            print(try JSONWriter.encode(reply))
            return 0
        } catch {
            Console.write("\(program): error: cannot encode the reply: \(error)\n")
            return 3
        }
    }
}
