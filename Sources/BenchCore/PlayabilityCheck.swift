import GIFCodec

/// `bench-case --check FILE [--max-pixels N --max-eager-bytes N --max-file-size N]`: composites every frame once, in a
/// child with a time limit, so a hostile file's decoding cost never lands on the parent. Exit 0 when playable;
/// otherwise exit 1 with the one-line reason on stdout.
public enum PlayabilityCheck {
    public static func arguments(path: String, limits: DecodeLimits) -> [String] {
        ["--check", path, "--max-pixels", "\(limits.maxCanvasPixels)", "--max-eager-bytes", "\(limits.maxEagerBytes)",
         "--max-file-size", "\(limits.maxFileBytes)"]
    }

    /// Runs the check when `arguments` ask for it; `nil` when they do not.
    public static func run(_ arguments: [String]) -> (status: Int32, reason: String)? {
        guard arguments.count == 8, arguments[0] == "--check", arguments[2] == "--max-pixels", arguments[4] == "--max-eager-bytes",
              arguments[6] == "--max-file-size", let pixels = Int(arguments[3]), let eager = Int(arguments[5]),
              let fileBytes = Int(arguments[7]) else { return arguments.first == "--check" ? (2, "bad --check arguments") : nil }
        let limits = DecodeLimits(maxCanvasPixels: pixels, maxEagerBytes: eager, maxFileBytes: fileBytes)
        do {
            let container = try GIFContainer(contentsOfFile: arguments[1], rules: InputFileRules(maxBytes: fileBytes))
            _ = try Playability.check(container, limits: limits)
            return (0, "")
        } catch {
            return (1, error.explained)
        }
    }
}
