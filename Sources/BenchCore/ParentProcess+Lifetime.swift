import CaseModel
import CPosix
#if canImport(Glibc)
import Glibc
#endif

extension ParentProcess {
    /// Asks for SIGKILL when the parent ends; returns false when the parent named in the environment is already gone.
    static func tieLifetimeToParent() -> Bool {
        guard let text = getenv(environmentKey), let parent = Int32(String(cString: text)) else { return true }
        return cposix_die_with_parent(parent) == 0
    }
}
