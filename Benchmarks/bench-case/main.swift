import BenchCore
#if canImport(Glibc)
import Glibc
#endif

// The measuring child of `bench run` and `bench feed` (ChildEntry). It links no Foundation so that its own footprint
// barely shows in the peak RSS it reports.
exit(ChildEntry.run(Array(CommandLine.arguments.dropFirst())))
