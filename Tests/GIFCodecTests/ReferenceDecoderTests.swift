import Foundation
import GIFCodec
import GIFCorpus
import Testing
import TestFixtures

/// Our composited frames against Pillow's and ImageMagick's, from hashes that
/// Tests/Scripts/make_reference_hashes.sh recorded (fully transparent pixels normalised to 0,0,0,0).
@Suite("An independent decoder agrees")
struct ReferenceDecoderTests {
    /// Where a reference decoder follows another convention than ours (docs/decoding.md, "Pixel conventions"), so its hashes are not expected to match.
    static let otherConventions: [String: String] = [
        "gh-pillow__dispose_bgnd.gif pillow": "Pillow disposes to the background colour for disposal 2; we clear to transparent",
        "gh-pillow__test_extents.gif pillow": "Pillow grows the canvas for a frame outside the logical screen; we clip",
        "gh-wuffs__frame-out-of-bounds.gif pillow": "Pillow grows the canvas for frames outside the screen and fills it with the background colour",
        "gh-wuffs__frame-out-of-bounds.gif magick": "ImageMagick grows the canvas for frames outside the screen",
        "gh-wuffs__small-frame-interlaced.gif pillow": "Pillow fills pixels no frame covers with the background colour; we leave them transparent",
        "gh-wuffs__small-frame-interlaced.gif magick": "ImageMagick fills pixels no frame covers with the background colour",
    ]

    static var sharedFiles: [URL] { Fixtures.sharedOnlyGIFs.filter { !Fixtures.corruptNames.contains($0.lastPathComponent) } }

    @Test("per-frame hashes of the fixtures match Pillow and ImageMagick", arguments: Fixtures.fixtureGIFs)
    func fixtures(file: URL) throws { try agrees(file: file) }

    @Test("per-frame hashes of the shared corpus's GIFs match Pillow and ImageMagick", .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)), arguments: sharedFiles)
    func shared(file: URL) throws { try agrees(file: file) }

    func agrees(file: URL) throws {
        let name = file.lastPathComponent
        let ours = try GIFInspectionHashes.hashes(of: file)
        let references = try #require(Fixtures.referenceHashes[name], "no reference hashes recorded for \(name)")
        for decoder in ["pillow", "magick"] {
            let theirs = try #require(references[decoder], "\(name): no \(decoder) hashes recorded; run Tests/Scripts/make_reference_hashes.sh")
            #expect(theirs != ["failed"], "\(name): \(decoder) could not decode the file")
            if let reason = Self.otherConventions["\(name) \(decoder)"] {
                #expect(ours != theirs, "expected a difference (\(reason)); remove the exception if they now agree")
                // When the other decoder follows our convention, its raw hashes check every pixel already.
                guard Self.otherConventions["\(name) \(decoder == "pillow" ? "magick" : "pillow")"] != nil else { continue }
                let withinScreen = try #require(references[decoder + "-within-screen"],
                                                "\(name): no \(decoder)-within-screen hashes, so no pixel of this file would be checked")
                let oursWithinScreen = try GIFInspectionHashes.hashes(of: file, withinScreen: true)
                #expect(oursWithinScreen == withinScreen,
                        "\(name): \(decoder) disagrees within the screen on frames \(Self.differing(oursWithinScreen, withinScreen))")
                continue
            }
            #expect(ours == theirs, "\(name): \(decoder) disagrees on frames \(Self.differing(ours, theirs))")
        }
    }

    @Test("the synthetic corpus matches Pillow and stays byte-stable", arguments: SyntheticCorpus.all.map(\.name))
    func synthetic(name: String) throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == name }?.container)
        let theirs = try #require(Fixtures.referenceHashes[name + ".gif"]?["pillow"])
        let compositor = try Compositor(container: container)
        let ours = (0..<container.frameCount).map { _ in compositor.advance(); return FrameHash(of: compositor.pixels).description }
        #expect(ours == theirs)
    }

    @Test("every fixture and at least 18 shared GIFs (24 less the 6 [corrupt]) are compared", .enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func comparedFiles() {
        #expect(Fixtures.fixtureGIFs.count == 9)
        #expect(Self.sharedFiles.count >= 18)
    }

    static func differing(_ ours: [String], _ theirs: [String]) -> String {
        if ours.count != theirs.count { return "(frame counts \(ours.count) vs \(theirs.count))" }
        return zip(ours, theirs).enumerated().filter { $0.element.0 != $0.element.1 }.map { String($0.offset) }.joined(separator: ",")
    }
}

enum GIFInspectionHashes {
    /// Per-frame hashes of our composited frames. `withinScreen` applies reference_hashes.py's `--within-screen`
    /// normalisation: every fully transparent pixel, and every opaque one in the background colour, becomes 0,0,0,0.
    static func hashes(of file: URL, withinScreen: Bool = false) throws -> [String] {
        let container = try GIFContainer(contentsOfFile: file.path)
        let compositor = try Compositor(container: container)
        let background = container.globalPalette.flatMap { palette in
            Int(container.backgroundIndex) < palette.colors.count ? palette.colors[Int(container.backgroundIndex)] : nil
        }
        return (0..<container.frameCount).map { _ in
            compositor.advance()
            guard withinScreen else { return FrameHash(of: compositor.pixels).description }
            var pixels = Array(compositor.pixels)
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                let opaqueBackground = pixels[offset + 3] == 255 && background.map {
                    $0.red == pixels[offset] && $0.green == pixels[offset + 1] && $0.blue == pixels[offset + 2]
                } == true
                if pixels[offset + 3] == 0 || opaqueBackground { pixels.replaceSubrange(offset..<offset + 4, with: [0, 0, 0, 0]) }
            }
            return pixels.withUnsafeBytes { FrameHash(of: $0).description }
        }
    }
}
