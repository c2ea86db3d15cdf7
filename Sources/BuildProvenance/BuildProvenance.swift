/// Which code this binary is: recorded when it was built, not read from the folder it runs in, so a report names the
/// code that measured it wherever bench is started, and bench runs no git at run time.
public enum BuildProvenance {
    /// The package's commit when it was built (12 hex digits), with ``dirtySuffix`` when its Package.swift, Sources or
    /// Plugins had changes, untracked files included; nil when built from neither a git checkout nor an exported
    /// tree that names its commit.
    public static let sourceCommit: String? = generatedSourceCommit

    /// The package's folder when it was built: the checkout whose history the paired gate builds its base from.
    public static let packageDirectory: String = generatedPackageDirectory

    /// What ``sourceCommit`` appends for a build of uncommitted changes.
    public static let dirtySuffix = "-dirty"
}
