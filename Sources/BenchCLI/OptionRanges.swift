/// The ranges and defaults of flags several commands share, named once: the parsers and docs/design-figures.md
/// (`bench schema design`) read them.
public enum OptionRanges {
    /// `--speed`: times faster than the GIF's delays.
    public static let speed = 0.01...1000.0
    /// `--margin`: times slower every decode is, for the smallest window smooth so.
    public static let margin = 1.0...1000.0
    /// `--refresh`, in Hz; the default without a device.
    public static let refreshHz = 1.0...1000.0
    public static let defaultRefreshHz = 60.0
    /// `--timeout`, in seconds, and a case's default.
    public static let timeoutSeconds = 1...86_400
    public static let defaultCaseTimeoutSeconds = 300
}
