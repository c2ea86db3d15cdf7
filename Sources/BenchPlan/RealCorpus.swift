import Foundation

/// Which built-in GIFs a run plays besides its `--gif` files (`--corpus`).
public enum CorpusChoice: String, Sendable, CaseIterable {
    /// The deterministic synthetic corpus, encoded on demand.
    case synthetic
    /// The real many-frame GIFs this repository ships (`Tests/Fixtures`, from Debian packages, with `NOTICE.md`).
    case real
    /// Both.
    case all
}

/// The real GIFs of the repository that a benchmark can use: those in `Tests/Fixtures` with 30 frames or more, copied
/// from Debian packages under the licences `Tests/Fixtures/NOTICE.md` gives.
public enum RealCorpus {
    /// File names, with frames × screen: 32 × 268×123, 69 × 473×384, 256 × 240×240, 179 × 1100×500, 33 × 30×60.
    public static let files = [
        "deb-firmware-microbit-micropython-doc__binary_count.gif",
        "deb-firmware-microbit-micropython-doc__scroll-hello.gif",
        "deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif",
        "deb-python3-enlighten-doc__demo.gif",
        "src-giflib__fire.gif",
    ]

    /// The folder holding them: `Tests/Fixtures` under the current directory, or under the package the running
    /// `bench` was built in (`.build/<triple>/release/bench` → the package root).
    public static func folder() throws(UsageError) -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var candidates = [FileManager.default.currentDirectoryPath + "/Tests/Fixtures"]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent("Tests/Fixtures").path)
            directory.deleteLastPathComponent()
        }
        guard let found = candidates.first(where: { path in (files + webpTwins).allSatisfy { FileManager.default.fileExists(atPath: path + "/" + $0) } }) else {
            throw UsageError("--corpus real needs the repository's Tests/Fixtures (the real GIFs ship there); run "
                             + "bench from the repository")
        }
        return found
    }

    /// Their WebP twins in `Tests/Fixtures/webp/real`, made by Debian's `gif2webp`
    /// (`Tests/Scripts/make_webp_fixtures.sh`): of its lossless and `-lossy` output, the smaller file, as a feed that
    /// serves WebP to save bytes would choose.
    public static let webpTwins = files.map { "webp/real/" + String($0.dropLast(4)) + ".webp" }

    /// The real corpus as inputs, named by their file stems; with `acceptsWebP`, each GIF followed by its WebP twin
    /// (named `STEM.webp`).
    public static func inputs(acceptsWebP: Bool = false) throws(UsageError) -> [GIFInput] {
        let folder = try folder()
        var inputs: [GIFInput] = []
        for (gif, twin) in zip(files, webpTwins) {
            inputs.append(GIFInput(name: String(gif.dropLast(4)), source: .file(folder + "/" + gif)))
            if acceptsWebP { inputs.append(GIFInput(name: PathParts.name(of: twin), source: .file(folder + "/" + twin))) }
        }
        return inputs
    }
}
