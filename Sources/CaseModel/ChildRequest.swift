import GIFCodec

/// What the parent asks a measuring child, in one Codable form on one command line, `--request JSON`: a playability
/// check of a file, one case, one feed, or a warm worker's passes. The child answers on stdout (``ChildEntry``).
public enum ChildRequest: Sendable, Codable, Equatable {
    /// Composite every frame of the file at `path` once, within `limits`: exit 0 when playable, else exit 1 with the
    /// reason on stdout.
    case check(path: String, limits: DecodeLimits)
    /// Play one case and print its `CaseResult`.
    case play(benchCase: BenchCase)
    /// Play one feed and print its `FeedResult`.
    case feed(feed: FeedCase)
    /// Load one case and play a measured pass of it per request on stdin, as a warm worker of the paired gate
    /// (``PassProtocol``).
    case work(benchCase: BenchCase)

    /// The child's one flag.
    public static let flag = "--request"

    /// The command line the measuring child takes.
    public var arguments: [String] {
        // Encoding cannot fail: every field is a string, a number, a flag or an enum.
        [Self.flag, (try? JSONWriter.encode(self)) ?? "{}"]
    }

    /// Reads the form ``arguments`` writes; `nil` when anything is missing or malformed.
    public init?(arguments: [String]) {
        guard arguments.count == 2, arguments[0] == Self.flag,
              let decoded = try? JSONReader.decode(ChildRequest.self, from: arguments[1]) else { return nil }
        self = decoded
    }
}

extension BenchCase {
    /// The child's command line for this case.
    public var arguments: [String] { ChildRequest.play(benchCase: self).arguments }

    /// The case of a child's command line; `nil` when it asks for something else or is malformed.
    public init?(arguments: [String]) {
        guard case .play(let benchCase)? = ChildRequest(arguments: arguments) else { return nil }
        self = benchCase
    }
}

extension FeedCase {
    /// The child's command line for this feed.
    public var arguments: [String] { ChildRequest.feed(feed: self).arguments }
}

extension BenchCase {
    /// The command line of a warm worker playing this case pass by pass.
    public var workerArguments: [String] { ChildRequest.work(benchCase: self).arguments }
}
