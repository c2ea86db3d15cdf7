import BenchCore
import BenchKit
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let status = BenchCommand.run(arguments)
exit(status.rawValue)
