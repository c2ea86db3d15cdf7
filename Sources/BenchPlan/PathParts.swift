/// A path's folder and last component, split by hand: Foundation's `deletingLastPathComponent` traps on a
/// one-character name (`--out z`, `--save-baseline b`).
public enum PathParts {
    /// The folder `path` names a file in: "." for a bare name, "/" for a file at the root; trailing slashes ignored.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`, trailing slashes ignored.
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
