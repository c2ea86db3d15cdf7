import CGif

/// Versions of what the codec is built on.
public enum GIFCodecInfo {
    /// giflib's version from its header, e.g. `5.2.1`.
    public static let giflibVersion = "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)"
}
