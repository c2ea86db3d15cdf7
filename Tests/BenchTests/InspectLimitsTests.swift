import Foundation
import Testing

/// `bench inspect --hashes` within the limits it takes: a canvas over --max-eager-bytes is refused before any frame,
/// and a listing past --timeout stops with one line, the lines drawn so far already printed.
@Suite struct InspectLimitsTests {
    /// A GIF of `frames` one-pixel frames on a `side`×`side` canvas: a few hundred bytes that composite `side²` pixels
    /// a frame.
    static func wideCanvas(side: Int, frames: Int) throws -> String {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }
        var bytes: [UInt8] = Array("GIF89a".utf8) + le(side) + le(side) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xff, 0x0b] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0, 0, 0]
        for frame in 0..<frames {
            bytes += [0x21, 0xf9, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00]
            bytes += [0x2c] + le(frame % 10) + le(0) + le(1) + le(1) + [0x00]
            bytes += [0x02, 0x02, 0x44, 0x01, 0x00]
        }
        bytes.append(0x3b)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-canvas-\(UUID().uuidString).gif").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test("inspect --hashes refuses a canvas over --max-eager-bytes before any frame")
    func canvasOverTheEagerLimitIsRefused() throws {
        let path = try Self.wideCanvas(side: 4000, frames: 3)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let refused = try BenchProgram.run(["inspect", path, "--hashes", "--max-eager-bytes", "1MiB"])
        #expect(refused.status == 2 && refused.output.isEmpty, "\(refused.output.prefix(200))")
        #expect(refused.errors.contains("--max-eager-bytes"), "\(refused.errors)")
        let listed = try BenchProgram.run(["inspect", path, "--hashes"])
        #expect(listed.status == 0 && listed.output.split(separator: "\n").count == 3, "\(listed.errors)")
    }

    @Test("inspect --hashes past --timeout stops in one line, the frames drawn already printed")
    func listingPastItsTimeoutStopsWithWhatItDrew() throws {
        let path = try Self.wideCanvas(side: 6000, frames: 400)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stopped = try BenchProgram.run(["inspect", path, "--hashes", "--timeout", "1"], timeout: 60)
        let lines = stopped.output.split(separator: "\n")
        #expect(stopped.status == 2 && stopped.errors.contains("past --timeout 1 s"), "\(stopped.errors)")
        #expect(lines.count < 400 && lines.allSatisfy { $0.split(separator: " ").count == 2 }, "\(lines.count) lines")
        #expect(stopped.seconds < 30, "stopped after \(stopped.seconds) s")
    }
}
