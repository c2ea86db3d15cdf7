import Foundation
import FrameDecoders
import GIFCodec
import Testing
import TestFixtures

/// Frames kept at a display size (`--display WxH`): downscaled by area averaging, checked against Pillow, and the same
/// from every decoder.
@Suite("Frames kept at the display's size")
struct DisplayScalingTests {
    /// GIFs and displays whose sides divide into a common multiple Pillow can enlarge to (the exact reference): whole
    /// factors (240 → 80, 30 × 60 → 10 × 20) and fractional ones (240 → 100, 500 × 350 → 200 × 140, 1100 × 500 →
    /// 330 × 150, 100 → 30).
    static let cases: [(file: String, display: DisplaySize)] = [
        ("deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif", DisplaySize(width: 80, height: 80)),
        ("deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif", DisplaySize(width: 100, height: 100)),
        ("deb-node-nodemailer__nyan.gif", DisplaySize(width: 200, height: 200)),
        ("deb-python3-enlighten-doc__demo.gif", DisplaySize(width: 330, height: 330)),
        ("src-giflib__x-trans.gif", DisplaySize(width: 30, height: 30)),
        ("src-giflib__fire.gif", DisplaySize(width: 20, height: 20)),
    ]

    @Test("downscaled frames match Pillow's area average within 1 level", .enabled(if: PillowReference.usable, PillowReference.skipReason),
          arguments: cases.indices)
    func matchesPillow(caseIndex: Int) throws {
        let (file, display) = Self.cases[caseIndex]
        let container = try Fixtures.container(Fixtures.directory.appendingPathComponent(file))
        let full = try EagerDecoder(container: container)
        let scaled = try EagerDecoder(container: container, display: display)
        let kept = scaled.keptSize
        #expect(kept.width < container.width || kept.height < container.height)
        let frames = Set([0, min(1, container.frameCount - 1), container.frameCount / 2, container.frameCount - 1]).sorted()
        for index in frames {
            let fullFrame = try full.withFrame(at: index) { frame in Data(frame.pixels) }
            let reference = try PillowReference.scale(fullFrame, width: container.width, height: container.height, to: kept)
            let worst = try scaled.withFrame(at: index) { frame in PixelDifference(frame.pixels, reference) }
            let where_ = "\(file) → \(kept.width)×\(kept.height), frame \(index)"
            #expect(worst.alpha <= 1 && worst.premultiplied <= 1,
                    "\(where_): alpha off by \(worst.alpha), colour by \(worst.premultiplied) (premultiplied)")
        }
    }

    @Test("every decoder keeps the same display-sized frames as eager, over two loops", arguments: ["deb-node-nodemailer__nyan.gif", "src-giflib__fire.gif"])
    func decodersAgree(file: String) throws {
        let container = try Fixtures.container(Fixtures.directory.appendingPathComponent(file))
        try Self.checkAgreement(container, display: DisplaySize(width: 97, height: 41))
    }

    @Test("a display as large as the screen or larger keeps full-size frames and does not scale")
    func largerDisplay() throws {
        let container = try Fixtures.container(Fixtures.directory.appendingPathComponent("deb-node-nodemailer__nyan.gif"))
        for display in [DisplaySize(width: 500, height: 350), DisplaySize(width: 4000, height: 4000)] {
            #expect(display.heldSize(screenWidth: 500, screenHeight: 350) == nil)
            let decoder = try WindowedDecoder(container: container, window: .frames(2), display: display)
            #expect(decoder.keptSize == (500, 350))
            #expect(decoder.scalingSeconds == nil)
            let reference = try EagerDecoder(container: container)
            for index in 0..<container.frameCount {
                #expect(try decoder.hash(ofFrame: index) == reference.hash(ofFrame: index))
            }
        }
    }

    @Test("the kept size fits the display with the GIF's aspect ratio")
    func aspectFit() throws {
        let size = DisplaySize(width: 320, height: 320)
        #expect(size.heldSize(screenWidth: 720, screenHeight: 720)! == (320, 320))
        #expect(size.heldSize(screenWidth: 1100, screenHeight: 500)! == (320, 145))
        #expect(size.heldSize(screenWidth: 300, screenHeight: 600)! == (160, 320))
        #expect(DisplaySize(width: 1, height: 1).heldSize(screenWidth: 5000, screenHeight: 2)! == (1, 1))
        #expect(DisplaySize(parsing: "320x240") == DisplaySize(width: 320, height: 240))
        for bad in ["0x0", "320", "x240", "320x", "-1x5", "1.5x2", "320x240x1", ""] { #expect(DisplaySize(parsing: bad) == nil, "\(bad)") }
    }

    @Test("a windowed decoder holds display-sized buffers: its memory rule shrinks by the scale squared")
    func memoryRule() throws {
        let container = try #require(Fixtures.synthetic.first { $0.name.hasPrefix("kingfisher-720x720") }?.container)
        let display = DisplaySize(width: 240, height: 240)
        let full = WindowedDecoder.pixelBytes(window: .frames(4), container: container)
        let scaled = WindowedDecoder.pixelBytes(window: .frames(4), container: container, display: display)
        #expect(full == 6 * 720 * 720 * 4)
        #expect(scaled == 5 * 240 * 240 * 4 + 720 * 720 * 4)
        #expect(EagerDecoder.pixelBytes(container: container, display: display) == 150 * 240 * 240 * 4)
    }

    /// Windowed decoders (windows 1, 3, all) and the library players keep byte-for-byte the frames the eager decoder
    /// keeps at `display`, over two loops.
    static func checkAgreement(_ container: GIFContainer, display: DisplaySize) throws {
        let reference = try EagerDecoder(container: container, display: display)
        let kept = reference.keptSize
        let sources: [(String, any AnimatedFrameSource)] =
            try [PrefetchWindow.frames(1), .frames(3), .all].map { ("window \($0)", try WindowedDecoder(container: container, window: $0, display: display)) }
            + EquivalenceTests.libraryRules(container).map { rule in (rule.name, try ModelDecoder(container: container, rule: rule, display: display)) }
        for (name, source) in sources {
            #expect(source.keptSize == kept, "\(name)")
            for loop in 0..<2 {
                for index in 0..<container.frameCount {
                    let same = try source.withFrame(at: index) { frame in
                        try! reference.withFrame(at: index) { expected in
                            frame.pixels.count == kept.width * kept.height * 4 && frame.pixels.count == expected.pixels.count
                                && memcmp(frame.pixels.baseAddress!, expected.pixels.baseAddress!, expected.pixels.count) == 0
                        }
                    }
                    if !same { Issue.record("\(name), loop \(loop), frame \(index) differs from eager's display-sized frame"); return }
                }
            }
            #expect((source.scalingSeconds ?? 0) > 0, "\(name) reports no scaling time")
        }
    }
}

/// The largest difference between two RGBA8 images: in alpha, and in colour premultiplied by alpha (0…255), where
/// the two ways of undoing premultiplication — Pillow's from 8-bit values, ours from exact sums — cannot differ.
struct PixelDifference {
    var alpha = 0
    var premultiplied = 0.0

    init(_ ours: UnsafeRawBufferPointer, _ theirs: [UInt8]) {
        guard ours.count == theirs.count else { alpha = 256; return }
        for p in stride(from: 0, to: theirs.count, by: 4) {
            let a = Int(ours[p + 3]), b = Int(theirs[p + 3])
            alpha = max(alpha, abs(a - b))
            for c in 0..<3 {
                let difference = abs(Double(ours[p + c]) * Double(a) - Double(theirs[p + c]) * Double(b)) / 255
                premultiplied = max(premultiplied, difference)
            }
        }
    }
}

/// Runs Tests/Scripts/box_reference.py (Pillow).
enum PillowReference {
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/box_reference.py").path

    /// Pillow imports here, or CI is set (where its absence must fail the test, not skip it).
    static let usable: Bool = ProcessInfo.processInfo.environment["CI"] != nil || run(["-c", "import PIL"]) == 0
    static let skipReason: Comment = "python3 with Pillow is not installed here (pip install pillow); CI installs it"

    static func scale(_ pixels: Data, width: Int, height: Int, to kept: (width: Int, height: Int)) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("box-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.rgba"), output = directory.appendingPathComponent("out.rgba")
        try pixels.write(to: input)
        let status = run([script, "\(width)", "\(height)", "\(kept.width)", "\(kept.height)", input.path, output.path])
        try #require(status == 0, "box_reference.py failed (exit \(status)); is Pillow installed? (pip install pillow)")
        return [UInt8](try Data(contentsOf: output))
    }

    private static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
