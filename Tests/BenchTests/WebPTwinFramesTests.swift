import BenchPlan
import Foundation
import FrameDecoders
import GIFCorpus
import Testing
import TestFixtures
import PlayerModels

/// The WebPs the harness plays by default or on request — the seed's twins (`bench corpus --webp`) and the real
/// corpus's gif2webp twins (`--corpus real`) — lend, through eager, windowed and the WebP libraries' models, the very
/// pixels Pillow composites with its own libwebp. Too many bytes to hash in Python: Pillow streams its frames
/// (Tests/Scripts/pillow_frames.py) and each is compared byte for byte.
@Suite("WebP twins against Pillow", .enabled(if: PillowFrames.usable, PillowFrames.skipReason))
struct WebPTwinFramesTests {
    static let seed = SyntheticCorpus.spec(named: "kingfisher-720x720x150")!
    static let realTwins = ((try? FileManager.default.contentsOfDirectory(atPath: realFolder.path)) ?? []).filter { $0.hasSuffix(".webp") }.sorted()
    static let realFolder = Fixtures.directory.appendingPathComponent("webp/real")

    @Test("the seed's twins, lossless and lossy, every player", arguments: WebPTwin.compressions.map(\.name))
    func seedTwin(compression: String) throws {
        let chosen = try #require(WebPTwin.compressions.first { $0.name == compression })
        let bytes = try WebPTwin.of(gif: SyntheticCorpus.gif(for: Self.seed), compression: chosen)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).webp")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.expectPillowFrames(file.path, withEager: true)
    }

    @Test("the real corpus's twins, windowed and the libraries' models", arguments: realTwins)
    func realTwin(file: String) throws {
        try Self.expectPillowFrames(Self.realFolder.appendingPathComponent(file).path, withEager: false)
    }

    @Test("the real corpus has its five twins")
    func realTwinsPresent() { #expect(Self.realTwins.count == 5, "\(Self.realTwins)") }

    /// Plays `path` once through each player and compares every frame with Pillow's: equal where either is opaque at
    /// all, and both fully transparent elsewhere (the frame hash's convention).
    static func expectPillowFrames(_ path: String, withEager: Bool) throws {
        let container = try AnimationFile.open(contentsOfFile: path)
        #expect(container.format == .webp)
        var players: [(String, any AnimatedFrameSource)] = [
            ("windowed w=2", try WindowedDecoder(container: container, window: .frames(2))),
            ("kingfisher", try ModelDecoder(container: container, rule: KingfisherRule(frameCount: container.frameCount))),
            ("sdwebimage", try ModelDecoder(container: container, rule: SDWebImageRule(frameCount: container.frameCount, maxBufferCount: 1))),
        ]
        if withEager { players.insert(("eager", try EagerDecoder(container: container)), at: 0) }
        var pillow = try PillowFrames(path)
        #expect(pillow.width == container.width && pillow.height == container.height && pillow.count == container.frameCount,
                "Pillow sees \(pillow.width)×\(pillow.height)×\(pillow.count)")
        // Player → the frames that differ, and the first one's count of differing pixels.
        var mismatches: [String: (frames: Int, first: (index: Int, pixels: Int))] = [:]
        for index in 0..<min(pillow.count, container.frameCount) {
            let theirs = try pillow.next()
            for (player, source) in players {
                let differing = try source.withFrame(at: index) { frame in differingPixels(frame.pixels, theirs) }
                if differing > 0 { mismatches[player, default: (0, (index, differing))].frames += 1 }
            }
        }
        pillow.finish()
        let name = URL(fileURLWithPath: path).lastPathComponent
        for (player, _) in players {
            let mismatch = mismatches[player]
            #expect(mismatch == nil, """
                \(name), \(player): \(mismatch?.frames ?? 0) frames differ from Pillow's, the first \(mismatch?.first.index ?? 0) \
                in \(mismatch?.first.pixels ?? 0) pixels
                """)
        }
    }

    /// Pixels in which `ours` and `theirs` (straight RGBA) differ, fully transparent pixels counting as equal.
    static func differingPixels(_ ours: UnsafeRawBufferPointer, _ theirs: [UInt8]) -> Int {
        guard ours.count == theirs.count else { return max(ours.count, theirs.count) / 4 }
        var differing = 0
        for offset in stride(from: 0, to: theirs.count, by: 4) where ours[offset + 3] != 0 || theirs[offset + 3] != 0 {
            if ours[offset] != theirs[offset] || ours[offset + 1] != theirs[offset + 1] || ours[offset + 2] != theirs[offset + 2]
                || ours[offset + 3] != theirs[offset + 3] { differing += 1 }
        }
        return differing
    }
}

/// Pillow's frames of one file, read one at a time from Tests/Scripts/pillow_frames.py.
struct PillowFrames {
    let width: Int, height: Int, count: Int
    private let process: Process
    private let output: FileHandle

    /// Pillow imports here, or CI is set (where its absence must fail the test, not skip it).
    static let usable: Bool = ProcessInfo.processInfo.environment["CI"] != nil || {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import PIL"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
    static let skipReason: Comment = "python3 with Pillow is not installed here (pip install pillow); CI installs it"

    init(_ path: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/pillow_frames.py").path, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = pipe.fileHandleForReading
        var header: [UInt8] = []
        while let byte = try output.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { header.append(byte) }
        let fields = String(decoding: header, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        try #require(fields.count == 3, "pillow_frames.py printed no header; is Pillow installed? (pip install pillow)")
        (width, height, count) = (fields[0], fields[1], fields[2])
    }

    /// The next frame's straight RGBA bytes.
    mutating func next() throws -> [UInt8] {
        var frame: [UInt8] = []
        let size = width * height * 4
        frame.reserveCapacity(size)
        while frame.count < size, let chunk = try output.read(upToCount: size - frame.count), !chunk.isEmpty { frame += chunk }
        try #require(frame.count == size, "pillow_frames.py ended inside a frame")
        return frame
    }

    /// Closes the stream and waits for the script.
    func finish() {
        try? output.close()
        process.waitUntilExit()
    }
}
