import CaseModel
import FrameDecoders
import GIFCodec

/// A child's playability check (``ChildRequest/check(path:limits:)``): composites every frame once, in a child with a
/// time limit, so a hostile file's decoding cost never lands on the parent. Exit 0 when playable; otherwise exit 1 with
/// the one-line reason on stdout.
enum PlayabilityCheck {
    /// Checks the file at `path`: status 0, or 1 and the reason.
    static func run(path: String, limits: DecodeLimits) -> (status: Int32, reason: String) {
        do throws(GIFError) {
            let container = try AnimationFile.open(contentsOfFile: path,
                                                   rules: InputFileRules(maxBytes: limits.maxFileBytes), limits: limits)
            if let gif = container as? GIFContainer {
                _ = try Playability.check(gif, limits: limits)
                return (0, "")
            }
            // libwebp cannot draw past a damaged frame: a WebP plays whole or is refused.
            let compositor = try container.makeCompositor(limits: limits, codec: .default)
            for index in 0..<container.frameCount {
                if case .partial(let error) = try compositor.composite(frame: index) { throw error }
            }
            return (0, "")
        } catch {
            return (1, error.explained)
        }
    }
}
