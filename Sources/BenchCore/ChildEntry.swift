import CaseModel
#if canImport(Glibc)
import Glibc
#endif

/// The measuring child of `bench run` and `bench feed`: one request per process (``ChildRequest``: a playability
/// check, a case or a feed) and one answer on stdout (the check's reason, or a ``ChildReply``), or a warm worker's
/// passes (``PassWorker``). The `bench-case` program is this alone; a harness of another package
/// (`GIFFrameBench.Harness`) runs it when its own binary is started as a child.
public enum ChildEntry {
    /// Whether `arguments` (without the program's name) are a child's: `--request JSON`.
    public static func isChild(_ arguments: [String]) -> Bool { arguments.first == ChildRequest.flag }

    /// Answers the request `arguments` hold and returns the exit status; `program` names this program in errors, and
    /// `players` are the players it brings (a harness's, the same the parent parsed its cases with).
    public static func run(_ arguments: [String], program: String = "bench-case", players: PlayerRegistry = .none)
        -> Int32 {
        guard ParentProcess.tieLifetimeToParent() else {
            Console.write("\(program): error: the bench process that started this one is gone\n")
            return 3
        }
        let request = ChildRequest(arguments: arguments)
        if case .work(let benchCase)? = request { return PassWorker.serve(benchCase, players: players) }
        let answer = answer(request, program: program, players: players)
        if !answer.output.isEmpty { print(answer.output, terminator: "") }
        if !answer.errors.isEmpty { Console.write(answer.errors) }
        return answer.status
    }

    /// What this program answers a one-shot request (a check, a case or a feed; nil for arguments that are none),
    /// without writing it: the same answer in this process, for a test's launcher that plays a case without starting a
    /// program. A warm worker's request is refused here: it serves passes on stdin for as long as its parent asks.
    public static func answer(_ request: ChildRequest?, program: String = "bench-case",
                              players: PlayerRegistry = .none) -> Answer {
        switch request {
        case .check(let path, let limits):
            let check = PlayabilityCheck.run(path: path, limits: limits)
            return Answer(status: check.status, output: check.reason.isEmpty ? "" : check.reason + "\n")
        case .play(let benchCase):
            return reply(.played(result: CaseExecution.run(benchCase, players: players)), program: program)
        case .feed(let feed):
            return reply(.fed(result: FeedExecution.run(feed, players: players)), program: program)
        case .work:
            return Answer(status: 2,
                          errors: "\(program): error: a warm worker serves its passes in a process of its own\n")
        case nil:
            return Answer(status: 2,
                          errors: "\(program): error: bad arguments; this program is started by 'bench "
                                  + "run', not by hand\n")
        }
    }

    /// A request's answer: the exit status, what goes to stdout and what goes to stderr.
    public struct Answer: Sendable {
        public var status: Int32
        public var output = ""
        public var errors = ""
    }

    private static func reply(_ reply: ChildReply, program: String) -> Answer {
        do {
            return Answer(status: 0, output: try JSONWriter.encode(reply) + "\n")
        } catch {
            return Answer(status: 3, errors: "\(program): error: cannot encode the reply: \(error)\n")
        }
    }
}
