import BenchRunning
import CaseModel
import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// The `bench` program as a library: the `bench` executable calls it, and so does a harness of another package
/// (`GIFFrameBench.Harness`), which is why the commands live here rather than in the executable.
public enum BenchMain {
    /// Runs `bench ARGUMENTS` (without the program's name) and returns the process's exit status; each case plays in a
    /// fresh process of `child`. `--policies` also takes the names of `players`, the players a harness brings.
    public static func run(_ arguments: [String], child: MeasuringChild = .besideThisBinary,
                           players: PlayerRegistry = .none) -> Int32 {
        // Over a file size limit (`ulimit -f`) a write fails with EFBIG, which every writer reports in one line and
        // cleans up after, instead of SIGXFSZ killing the process with a half-written temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        var status = BenchCommand.run(arguments, child: child, players: players)
        // Results go to stdout through the C library's buffer: a write that failed there (a full disk, /dev/full, a
        // closed pipe) is only known now, and a result nobody received is not a success.
        let flushError = cposix_flush_standard_output()
        if flushError != 0 {
            Console.error("cannot write standard output: \(String(cString: strerror(flushError)))")
            if status == .success { status = .internalFailure }
        }
        return status.rawValue
    }
}
