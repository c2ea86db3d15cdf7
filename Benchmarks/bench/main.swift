import BenchCLI
import BenchCore
import BenchKit
import CPosix
#if canImport(Glibc)
import Glibc
#endif

// Over a file size limit (`ulimit -f`) a write fails with EFBIG, which every writer reports in one line and cleans up
// after, instead of SIGXFSZ killing the process with a half-written temporary file left behind.
signal(SIGXFSZ, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
var status = BenchCommand.run(arguments)
// Results go to stdout through the C library's buffer: a write that failed there (a full disk, /dev/full, a closed
// pipe) is only known now, and a result nobody received is not a success.
let flushError = cposix_flush_standard_output()
if flushError != 0 {
    Console.error("cannot write standard output: \(String(cString: strerror(flushError)))")
    if status == .success { status = .usage }
}
exit(status.rawValue)
