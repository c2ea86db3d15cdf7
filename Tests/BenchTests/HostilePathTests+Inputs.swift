import BenchRunning
import BenchCore
import Foundation
import GIFCodec
import Testing

/// Inputs a user points `bench` at: devices, FIFOs, pipes, files that change or collide by name, huge frames.
extension HostilePathTests {
    @Test("a GIF replaced on disk during a run fails each case that played the new bytes, in one line; the run exits 4")
    func changedDuringRun() throws {
        let gif = Self.path("changing.gif")
        try FileManager.default.copyItem(atPath: Self.gif, toPath: gif)
        let bench = try #require(ChildBinary.program("bench"))
        let errors = Pipe()
        // Real time, so that each case lasts the GIF's loop (about a second) and the file is replaced while one plays.
        let process = try Self.launch(bench, ["run", "--gif", gif, "--mode", "realtime", "--loops", "1", "--decoders", "windowed",
                                              "--repetitions", "3", "--out", Self.path("changing")], errors: errors)
        let child = Self.waitFor { Self.children(of: process.processIdentifier).first }
        #expect(child != nil, "no case started")
        let frames = (0..<3).map { _ in EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 2, height: 2), indices: [0, 1, 1, 0], delayCentiseconds: 10) }
        let other = try GIFEncoder.encode(EncoderInput(width: 2, height: 2, globalPalette: Palette([RGB(0, 0, 0), RGB(255, 255, 255)]), frames: frames))
        #expect(FileManager.default.createFile(atPath: gif + ".new", contents: Data(other)))
        #expect(rename(gif + ".new", gif) == 0)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 4, "\(text)")
        let failed = text.split(separator: "\n").filter { $0.contains("FAILED: the file changed during the run") }
        #expect(!failed.isEmpty, "\(text)")
    }

    // 3. Endless inputs.
    @Test("devices and links to them are refused in one line; allowed, they are read only up to --max-file-size")
    func endlessInputs() throws {
        try Self.expectRefusal(["inspect", "/dev/zero"], "not a regular file (a character device); pass --allow-special-files")
        try Self.expectRefusal(["inspect", "/dev/urandom", "--hashes"], "not a regular file")
        try Self.expectRefusal(["inspect", "/dev/zero", "--allow-special-files", "--max-file-size", "1MiB"],
                               "holds more than the limit of 1048576 bytes per file (raise it with --max-file-size)")
        let folder = Self.path("devices")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero.gif", withDestinationPath: "/dev/zero")
        try Self.expectRefusal(["run", "--gif", folder, "--quick", "--out", Self.path("out")], "zero.gif: not a regular file")
        try Self.expectRefusal(["cache", "--gif", "/dev/zero", "--out", Self.path("out")], "not a regular file")
        try Self.expectRefusal(["inspect", Self.gif, "--max-file-size", "100B"], "bytes, over the limit of 100 bytes per file")
    }

    // 4. FIFOs.
    @Test("a FIFO in a --gif folder is refused at once; allowed, one nobody writes into is empty, one held open times out")
    func fifos() throws {
        let folder = Self.path("fifo")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(mkfifo(folder + "/f.gif", 0o600) == 0)
        try Self.expectRefusal(["run", "--gif", folder, "--quick", "--out", Self.path("out")], "not a regular file (a pipe or FIFO)")
        try Self.expectRefusal(["inspect", folder + "/f.gif", "--allow-special-files"], "the file is empty")
        // A writer that never writes: reading ends at --timeout, not never.
        let writer = open(folder + "/f.gif", O_RDWR | O_NONBLOCK)
        defer { close(writer) }
        #expect(writer >= 0)
        try Self.expectRefusal(["inspect", folder + "/f.gif", "--allow-special-files", "--timeout", "1"], "no data within 1 s")
    }

    // 5. Pipes.
    @Test("a pipe is refused with exit 2; allowed, it is read once and measured; a run with no case is never a success")
    func pipes() throws {
        try Self.expectRefusal([], "not a regular file (a pipe or FIFO)", shell: "BENCH run --gif <(cat \(Self.gif)) --quick --out \(Self.path("out"))")
        let out = Self.path("piped")
        let measured = try BenchProgram.run([], shell: "BENCH run --gif <(cat \(Self.gif)) --quick --repetitions 1 --allow-special-files --out \(out)")
        #expect(measured.status == 0, "\(measured.errors)")
        let report = try BenchProgram.report(in: out)
        // The default suite's three decoders: eager, windowed and indexed.
        #expect(report.results.count == 3 && report.results.allSatisfy { $0.failure == nil && $0.frames == 24 })
        try Self.expectRefusal(["run", "--gif", Self.path("empty.gif"), "--out", Self.path("out")], "no such file")
    }

    /// The 1,000-frame synthetic GIF (long enough to be killed while it plays), written as `name` in the test's folder.
    static func longGIF(named name: String) throws -> String {
        let path = Self.path(name)
        try BenchProgram.writeSynthetic("long-320x240x1000", to: path)
        return path
    }

    @Test("a GIF whose name is 229 bytes long gets its report; chart names are cut to fit and stay apart")
    func longName() throws {
        let folder = Self.path("long-name")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let long = folder + "/" + String(repeating: "a", count: 225) + ".gif"
        try FileManager.default.copyItem(atPath: Self.gif, toPath: long)
        let out = Self.path("long-out")
        let run = BenchProgram.inProcess(["run", "--gif", long, "--quick", "--repetitions", "1", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let charts = try FileManager.default.contentsOfDirectory(atPath: out + "/charts")
        #expect(charts.count == 2 && charts.allSatisfy { $0.utf8.count <= 255 }, "\(charts)")
    }

    @Test("x.gif and x.GIF in one folder, and y beside y.gif, are four GIFs measured once each")
    func sameStem() throws {
        let folder = Self.path("stems")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for name in ["x.gif", "x.GIF", "y", "y.gif"] { try FileManager.default.copyItem(atPath: Self.gif, toPath: folder + "/" + name) }
        let out = Self.path("stems-out")
        let run = BenchProgram.inProcess(["run", "--gif", folder + "/x.gif", "--gif", folder + "/x.GIF", "--gif", folder + "/y", "--gif", folder + "/y.gif",
                                  "--gif", folder + "/y.gif", "--quick", "--repetitions", "1", "--decoders", "eager", "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(report.results.count == 4, "\(report.results.map(\.benchCase.gif))")
        #expect(Set(report.results.map(\.benchCase.path)).count == 4)
        #expect(Set(report.results.map(\.benchCase.gif)).count == 4, "\(report.results.map(\.benchCase.gif))")
    }

    // 10. Frames far larger than their screen.
    @Test("a frame over the pixel limit is refused before decoding; rows below the screen are not decoded")
    func hugeFrames() throws {
        let huge = Self.path("huge-frame.gif")
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(Self.gifWithFrame(screen: 16, frameWidth: 65_535, frameHeight: 65_535))))
        try Self.expectRefusal(["inspect", huge], "frame 0 is 65535x65535, 4294836225 pixels, over the limit of 100000000 (raise it with --max-pixels)")
        try Self.expectRefusal(["run", "--gif", huge, "--out", Self.path("out")], "frame 0 is 65535x65535")

        for interlaced in [false, true] {
            let rows = (0..<64).flatMap { row in [UInt8](repeating: UInt8(row % 2), count: 16) }
            var bytes = try GIFEncoder.encode(EncoderInput(width: 16, height: 64, globalPalette: Palette([RGB(0, 0, 0), RGB(255, 255, 255)]),
                                                           frames: [EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 16, height: 64),
                                                                                 indices: rows, interlaced: interlaced)]))
            bytes[8] = 16  // the logical screen's height: 16 of the frame's 64 rows are on it
            let compositor = try Compositor(container: GIFContainer(bytes: GIFBytes(bytes)))
            #expect(compositor.advance() == .complete)
            // Without interlace the 16 rows on screen come first; with it, the last of them (row 15) is in pass 4.
            #expect(compositor.rowsDecoded == (interlaced ? 40 : 16), "interlaced \(interlaced): \(compositor.rowsDecoded)")
        }
    }

    /// A GIF whose one frame claims `frameWidth` × `frameHeight` on a `screen` × `screen` screen, with a token of data.
    static func gifWithFrame(screen: UInt8, frameWidth: UInt16, frameHeight: UInt16) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [screen, 0, screen, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0] + [UInt8(frameWidth & 0xFF), UInt8(frameWidth >> 8), UInt8(frameHeight & 0xFF), UInt8(frameHeight >> 8), 0x40]
        bytes += [2, 2, 0x4C, 0x01, 0, 0x3B]
        return bytes
    }
}
