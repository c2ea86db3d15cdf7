/// Whether a composited frame came out whole.
public enum FrameStatus: Sendable, Equatable {
    case complete
    /// Drawing stopped early (bad LZW data, truncation, no palette); what was drawn is kept.
    case partial(GIFError)
}
