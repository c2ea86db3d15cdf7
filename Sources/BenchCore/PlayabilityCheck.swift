import CaseModel
import GIFCodec

/// A child's playability check (``ChildRequest/check(path:limits:)``): composites every frame once, in a child with a
/// time limit, so a hostile file's decoding cost never lands on the parent. Exit 0 when playable; otherwise exit 1 with
/// the one-line reason on stdout.
public enum PlayabilityCheck {
    public static func arguments(path: String, limits: DecodeLimits) -> [String] {
        ChildRequest.check(path: path, limits: limits).arguments
    }

    /// Checks the file at `path`: status 0, or 1 and the reason.
    static func run(path: String, limits: DecodeLimits) -> (status: Int32, reason: String) {
        do {
            let container = try GIFContainer(contentsOfFile: path, rules: InputFileRules(maxBytes: limits.maxFileBytes))
            _ = try Playability.check(container, limits: limits)
            return (0, "")
        } catch {
            return (1, error.explained)
        }
    }
}
