import BenchPlan
import BenchRunning
import Foundation
import Testing

/// A sweep over a library's setting from the command line to the report: `--policies kingfisher:preload=2..3`.
@Suite("A library's setting swept end to end")
struct LibrarySweepTests {
    @Test("each value is its own case with its own policy; prescale=off keeps frames at the GIF's size; the Answer names the values")
    func sweep() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("library-sweep-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try BenchProgram.run(["run", "--gif", "emoji-64x64x24", "--policies", "kingfisher:preload=2..3,kingfisher:prescale=off,kingfisher",
                                                   "--device", "iphone-se-2", "--mode", "realtime", "--speed", "8", "--display", "32x32",
                                                   "--repetitions", "1", "--quiet", "--out", out], timeout: 120)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let csv = try String(contentsOfFile: out + "/results.csv", encoding: .utf8).split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(csv.first)
        let policy = try #require(header.firstIndex(of: "policy")), window = try #require(header.firstIndex(of: "window"))
        let theoretical = try #require(header.firstIndex(of: "frame_bytes_theoretical"))
        let rows = Dictionary(csv.dropFirst().map { (String($0[policy]), $0) }, uniquingKeysWith: { first, _ in first })
        // Eager joins as the reference every "÷ eager" divides by; kingfisher's default was named, so it is not added twice.
        #expect(Set(rows.keys) == ["kingfisher:preload=2", "kingfisher:preload=3", "kingfisher:prescale=off", "kingfisher", "eager"])
        #expect(rows["kingfisher:preload=2"]?[window] == "2" && rows["kingfisher:preload=3"]?[window] == "3")
        let prescaled = Double(rows["kingfisher"]?[theoretical] ?? "") ?? 0, full = Double(rows["kingfisher:prescale=off"]?[theoretical] ?? "") ?? 0
        #expect(prescaled > 0 && full > 2 * prescaled, "64×64 frames held whole against 32×32: \(full) vs \(prescaled)")
        let markdown = try String(contentsOfFile: out + "/results.md", encoding: .utf8)
        #expect(markdown.contains("library settings, against the default |"), "\(markdown)")
        #expect(markdown.contains("kingfisher (framePreloadCount = 2): 2 ahead"))
        #expect(markdown.contains("| kingfisher (needsPrescaling = false): 10 ahead | full size |"), "held at the GIF's size")
        #expect(markdown.contains("- `kingfisher` (framePreloadCount = 3): the frame on screen and 3 ahead"))
    }
}
