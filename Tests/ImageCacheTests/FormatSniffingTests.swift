import Foundation
import ImageCache
import Testing
import TestFixtures

@Suite("Format sniffing by signature")
struct FormatSniffingTests {
    static let samples: [(String, ImageFormat)] = [
        ("still.png", .png), ("animated.png", .apng), ("still.jpg", .jpeg), ("still.webp", .webp),
        ("animated.webp", .animatedWebP), ("still.bmp", .bmp), ("little-endian.tif", .tiff), ("big-endian.tif", .tiff),
        ("still.heic", .heic), ("still.avif", .avif),
    ]

    @Test("real files made by Pillow and ImageMagick (Tests/Scripts/make_format_samples.sh)", arguments: samples)
    func realFiles(name: String, expected: ImageFormat) throws {
        let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent("formats/\(name)"))
        #expect(ImageFormat.sniff(Array(data)) == expected)
    }

    @Test("real GIFs, 87a and 89a")
    func gifs() throws {
        let versions = try Fixtures.fixtureGIFs.map { String(decoding: try Data(contentsOf: $0).prefix(6), as: UTF8.self) }
        #expect(Set(versions) == ["GIF87a", "GIF89a"], "the fixtures hold both versions: \(Set(versions))")
        #expect(Fixtures.fixtureGIFs.count == 9)
        for file in Fixtures.fixtureGIFs {
            #expect(ImageFormat.sniff(Array(try Data(contentsOf: file))) == .gif, "\(file.lastPathComponent)")
        }
    }

    @Test("empty, truncated and look-alike input stays unknown")
    func unknown() throws {
        #expect(ImageFormat.sniff([]) == .unknown)
        #expect(ImageFormat.sniff(Array("GIF8".utf8)) == .unknown)
        #expect(ImageFormat.sniff(Array("GIF89".utf8)) == .unknown)
        #expect(ImageFormat.sniff([0x47]) == .unknown, "a first byte alone proves nothing")
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E]) == .unknown)
        #expect(ImageFormat.sniff([0xFF, 0xD8]) == .unknown)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WAVE".utf8)) == .unknown)
        #expect(ImageFormat.sniff(Array("BMxx".utf8)) == .unknown)
        #expect(ImageFormat.sniff(Array("\0\0\0\u{18}ftypmp42\0\0\0\0mp42".utf8)) == .unknown, "an MP4 is not an image")
        let png = Array(try Data(contentsOf: Fixtures.directory.appendingPathComponent("formats/animated.png")))
        #expect(ImageFormat.sniff(Array(png.prefix(20))) == .png, "cut before acTL: still PNG, never guessed animated")
    }
}
