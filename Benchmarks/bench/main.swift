import BenchCommands
#if canImport(Glibc)
import Glibc
#endif

exit(BenchMain.run(Array(CommandLine.arguments.dropFirst())))
