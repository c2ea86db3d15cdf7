import BenchCore
#if canImport(Glibc)
import Glibc
#endif

// The measuring child of `bench run` and `bench feed`: one case or one feed per process, one JSON result on stdout.
// It links no Foundation so that its own footprint barely shows in the peak RSS it reports.
guard ParentProcess.tieLifetimeToParent() else {
    Console.write("bench-case: error: the bench process that started this one is gone\n")
    exit(3)
}
let arguments = Array(CommandLine.arguments.dropFirst())
if let check = PlayabilityCheck.run(arguments) {
    if !check.reason.isEmpty { print(check.reason) }
    exit(check.status)
}
if let feed = FeedCase(arguments: arguments) {
    let result = FeedExecution.run(feed)
    do {
        print(try JSONWriter.encode(result))
        exit(0)
    } catch {
        Console.write("bench-case: error: cannot encode the feed's result: \(error)\n")
        exit(3)
    }
}
guard let benchCase = BenchCase(arguments: arguments) else {
    Console.write("bench-case: error: bad arguments; this program is started by 'bench run', not by hand\n")
    exit(2)
}
let result = CaseExecution.run(benchCase)
do {
    print(try JSONWriter.encode(result))
} catch {
    Console.write("bench-case: error: cannot encode the result: \(error)\n")
    exit(3)
}
