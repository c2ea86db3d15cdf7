import BenchPlan
import SystemFiles

extension PrivateDirectory {
    /// The prefix of every scratch directory `bench` makes under TMPDIR.
    public static let benchPrefix = "gif-frame-bench"

    /// A fresh private scratch directory for one command, after removing those of runs that died without cleaning
    /// up (`kill -9`, a power cut). A TMPDIR that is missing or read-only is one clear line, never created.
    public static func forRun() throws(UsageError) -> PrivateDirectory {
        removeAbandoned(prefix: benchPrefix)
        do {
            return try PrivateDirectory(prefix: benchPrefix)
        } catch {
            throw UsageError("cannot make a private scratch directory in \(temporaryBase) (TMPDIR): \(error.reason); "
                             + "set TMPDIR to a writable directory")
        }
    }
}
