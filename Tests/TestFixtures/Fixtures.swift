import Foundation
import GIFCodec
import GIFCorpus
import MemoryProbe

/// Where the tests find GIFs: committed fixtures, the shared public corpus (when present), and the synthetic corpus.
public enum Fixtures {
    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`.
    public static let directory = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The committed Debian-sourced GIFs.
    public static var fixtureGIFs: [URL] { gifs(in: directory) }

    /// `../shared/corpus` beside the package, if this checkout has it.
    public static var sharedCorpus: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The `gh-*` GIFs of the shared corpus (empty when it is absent).
    public static var sharedOnlyGIFs: [URL] {
        guard let sharedCorpus else { return [] }
        return gifs(in: sharedCorpus).filter { $0.lastPathComponent.hasPrefix("gh-") }
    }

    /// Files the shared corpus marks `[corrupt]`.
    public static let corruptNames: Set<String> = [
        "gh-image-gif__crashtest-issue-117-out-of-range.gif",
        "gh-image-gif__stall-issue-101-infinite-empty-loop.gif",
        "gh-libnsgif__lzwof.gif",
        "gh-wuffs__hippopotamus.interlaced.truncated.gif",
        "gh-wuffs__pixel-data-not-enough.gif",
        "gh-wuffs__zero-width-frame.gif",
    ]

    /// The message a test prints when it skips the shared corpus.
    public static let sharedCorpusMissing = "../shared/corpus is absent: tests over the gh-* GIFs are skipped"

    /// Reference hashes by independent decoders: file name → decoder → per-frame hashes.
    public static let referenceHashes: [String: [String: [String]]] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("reference-hashes.txt"), encoding: .utf8) else { return [:] }
        var table: [String: [String: [String]]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 4 else { continue }
            table[fields[0], default: [:]][fields[1], default: []].append(fields[3])
        }
        return table
    }()

    /// Every synthetic corpus GIF, encoded once per test process.
    public static let synthetic: [(name: String, container: GIFContainer)] = SyntheticCorpus.all.map { spec in
        let bytes = try! SyntheticCorpus.gif(for: spec)
        return (spec.name, try! GIFContainer(bytes: GIFBytes(bytes)))
    }

    /// jemalloc serves this process's `malloc` (not so under ThreadSanitizer or AddressSanitizer, which bring their
    /// own allocator): tests of memory figures run only then, and say why they skip otherwise.
    public static let jemallocServes = (try? Jemalloc.verifyServingThisProcess()) != nil
    public static let jemallocSkipReason = "jemalloc does not serve malloc here (a sanitizer build); memory figures are refused, not faked"

    /// Indexes a GIF file.
    public static func container(_ url: URL) throws -> GIFContainer {
        try GIFContainer(contentsOfFile: url.path)
    }

    private static func gifs(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".gif") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
