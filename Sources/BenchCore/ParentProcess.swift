import CaseModel
import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// A measuring child dies with the `bench` that started it: a killed or hung-up parent must not leave a case running
/// on with nobody to time it out.
public enum ParentProcess {
    /// The environment variable through which `bench` names itself to its children.
    public static let environmentKey = "GIF_FRAME_BENCH_PARENT"

    /// Asks for SIGKILL when the parent ends; returns false when the parent named in the environment is already gone.
    public static func tieLifetimeToParent() -> Bool {
        guard let text = getenv(environmentKey), let parent = Int32(String(cString: text)) else { return true }
        return cposix_die_with_parent(parent) == 0
    }
}
