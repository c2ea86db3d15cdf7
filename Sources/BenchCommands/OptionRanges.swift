/// The ranges and defaults of flags several commands share, named once: the parsers and docs/design-figures.md
/// (`bench schema design`) read them.
enum OptionRanges {
    /// `--speed`: times faster than the GIF's delays.
    static let speed = 0.01...1000.0
    /// `--margin`: times slower every decode is, for the smallest window smooth so.
    static let margin = 1.0...1000.0
    /// `--refresh`, in Hz; the default without a device.
    static let refreshHz = 1.0...1000.0
    static let defaultRefreshHz = 60.0
    /// `--timeout`, in seconds, and a case's default.
    static let timeoutSeconds = 1...86_400
    static let defaultCaseTimeoutSeconds = 300
}
