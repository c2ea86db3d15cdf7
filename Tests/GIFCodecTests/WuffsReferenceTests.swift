import Foundation
import Testing
import TestFixtures

/// A third independent reference beside giflib and Pillow: Wuffs's own compositing (`../shared/wuffs/wuffs_gif.c`,
/// built here with the C compiler) must give the project's frames, hash for hash, on every GIF that
/// `Benchmarks/Scripts/vs_wuffs.sh` times. Skipped, with the reason, when `../shared/wuffs` is absent.
@Suite("Wuffs agrees, frame for frame", .enabled(if: WuffsHarness.source != nil, Comment(rawValue: WuffsHarness.missing)))
struct WuffsReferenceTests {
    /// Every GIF the side-by-side times: the synthetic corpus, Tests/Fixtures and ../shared/corpus, each once by name,
    /// less the damaged files the project refuses (Fixtures.corruptNames).
    static let files: [URL] = {
        var seen: Set<String> = []
        var files: [URL] = []
        let synthetic = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-wuffs-synthetic-\(getpid())")
        try? FileManager.default.createDirectory(at: synthetic, withIntermediateDirectories: true)
        for (name, container) in Fixtures.synthetic {
            let url = synthetic.appendingPathComponent(name + ".gif")
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(container.bytes.buffer))
            files.append(url)
            seen.insert(url.lastPathComponent)
        }
        let shared = Fixtures.sharedCorpus.map { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
                .filter { $0.hasSuffix(".gif") }.map { directory.appendingPathComponent($0) }
        } ?? []
        for url in Fixtures.fixtureGIFs + shared where !Fixtures.corruptNames.contains(url.lastPathComponent) {
            if seen.insert(url.lastPathComponent).inserted { files.append(url) }
        }
        return files
    }()

    @Test("Wuffs's composited frames hash as the project's, on every GIF the side-by-side times", arguments: files)
    func agrees(file: URL) throws {
        let harness = try WuffsHarness.binary.get()
        let process = Process()
        process.executableURL = harness
        process.arguments = ["--hashes", file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(said.isEmpty, "\(file.lastPathComponent): Wuffs said \(said)")
        let theirs = text.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }
        let ours = try GIFInspectionHashes.hashes(of: file)
        #expect(!ours.isEmpty)
        let firstDifference = zip(theirs, ours).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        let same = theirs == ours
        #expect(same, "\(file.lastPathComponent): \(firstDifference.map { "frame \($0) differs" } ?? "\(theirs.count) frames against \(ours.count)")")
    }
}

/// `../shared/wuffs`'s timing harness, compiled once per test process.
enum WuffsHarness {
    static var source: URL? {
        let directory = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/wuffs")
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("wuffs_gif.c").path) ? directory : nil
    }

    static let missing = "../shared/wuffs is absent: the Wuffs reference hashes are skipped"

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// `cc -O1` of wuffs_gif.c into a temporary folder, or why it did not build.
    static let binary: Result<URL, BuildFailure> = {
        guard let source else { return .failure(BuildFailure(description: missing)) }
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-wuffs-gif-\(getpid())")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-O1", "-w", "-o", binary.path, "-I", source.path, source.appendingPathComponent("wuffs_gif.c").path]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { return .failure(BuildFailure(description: "cc could not start: \(error)")) }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? .success(binary) : .failure(BuildFailure(description: "cc failed: \(said)"))
    }()
}
