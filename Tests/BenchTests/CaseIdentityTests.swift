import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import Foundation
import FrameDecoders
import GIFCodec
import Testing
import TestFixtures

/// Issue 11: a case is one value. It crosses to the child as JSON in its one Codable form and comes back in the
/// child's result unchanged; reports, the gate and the charts group by its identity.
@Suite("Case identity")
struct CaseIdentityTests {
    static func unusualCase(path: String) -> BenchCase {
        var benchCase = BenchCase(gif: "a/x \"quoted\"\nname", path: path, decoder: .windowed(.frames(3)),
                                  chosenBy: "budget:1MiB", loops: 2,
                                  mode: .realtime, speed: 2.5, refreshHz: 120, cpus: 1, byteSource: .mmap, codec: .giflib, repetition: 7,
                                  samplerInterval: 0.004, extraWorkPerFrame: 0.25,
                                  limits: DecodeLimits(maxCanvasPixels: 1_000_000, maxEagerBytes: 1 << 30, maxFileBytes: 1 << 20))
        benchCase.plantedLeakBytes = 4096
        benchCase.memoryWarningAt = 0.01
        benchCase.device = "iphone-se-2"
        benchCase.display = DisplaySize(width: 32, height: 20)
        return benchCase
    }

    @Test("every field of a case survives the child's command line: written as JSON, read back equal")
    func roundTrip() throws {
        let original = Self.unusualCase(path: "/tmp/ü/x.gif")
        #expect(original.arguments.first == ChildRequest.flag)
        #expect(BenchCase(arguments: original.arguments) == original)
        for decoder in [DecoderChoice.eager, .windowed(.all), .calibration(bytes: 12)] {
            var other = original
            other.decoder = decoder
            other.cpus = nil
            #expect(BenchCase(arguments: other.arguments) == other)
        }
        #expect(BenchCase(arguments: [ChildRequest.flag, "{\"gif\": 1}"]) == nil)
        // A case written before the codec existed (a committed baseline's) was drawn with giflib.
        let written = try #require(original.arguments.last)
        let withoutCodec = written.replacingOccurrences(of: "\"codec\":\"giflib\",", with: "").replacingOccurrences(of: "\"codec\" : \"giflib\",", with: "")
        #expect(withoutCodec != written, "the case's JSON names its codec: \(written)")
        #expect(BenchCase(arguments: [ChildRequest.flag, withoutCodec])?.codec == .giflib)
        var fast = original
        fast.codec = .fast
        #expect(BenchCase(arguments: fast.arguments)?.codec == .fast)
        #expect(BenchCase(arguments: ["--gif", "x"]) == nil)
    }

    @Test("the real child reports the very case it was given", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func throughTheChild() throws {
        let child = try #require(ChildBinary.path, "bench-case was not built beside the tests")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-identity-\(getpid()).gif").path
        try BenchProgram.writeSynthetic("emoji-64x64x24", to: file)
        var sent = Self.unusualCase(path: file)
        sent.speed = 100
        sent.byteSource = .heap
        let result = CaseRunner(executable: child, timeout: 120).run(sent)
        #expect(result.failure == nil, "\(result.failure ?? "")")
        #expect(result.benchCase == sent)
        #expect(result.benchCase.identity == sent.identity)
        // Every measure is recorded by a producer or derived; only instructions wait for Valgrind.
        let unmeasured = Measure.allCases.filter { result.value($0) == nil }
        #expect(unmeasured == [.instructions], "no producer records \(unmeasured)")
        #expect(result.value(.framesPerCPUSecond) == Double(result.frames * sent.loops) / result[.cpuTotal])
        // Frames kept at the display's size: the identity is still the full-size frames' hash.
        var fullSize = sent
        fullSize.display = nil
        let unscaled = CaseRunner(executable: child, timeout: 120).run(fullSize)
        #expect(unscaled.failure == nil && unscaled.displayFramesHash == nil && unscaled.value(.scaling) == nil)
        #expect(result.framesHash == unscaled.framesHash)
        #expect(result.displayFramesHash != nil && result.displayFramesHash != result.framesHash)
    }

    @Test("repetitions and file locations are not part of the identity; every way of playing is")
    func identityFields() {
        let one = Self.unusualCase(path: "/a.gif")
        var other = one
        other.repetition = 1
        other.path = "/elsewhere/a.gif"
        #expect(one.identity == other.identity)
        for change in [{ (c: inout BenchCase) in c.speed = 3 }, { $0.cpus = nil }, { $0.refreshHz = 60 }, { $0.loops = 1 },
                       { $0.byteSource = .heap }, { $0.chosenBy = nil }, { $0.decoder = .eager }, { $0.mode = .throughput },
                       { $0.codec = .fast }, { $0.memoryWarningAt = nil }, { $0.device = nil }, { $0.display = nil }] {
            var changed = one
            change(&changed)
            #expect(changed.identity != one.identity)
        }
        #expect(one.identity.chosenByPolicy)
        #expect(!one.identity.eagerPartner.chosenByPolicy)
        #expect(one.identity.eagerPartner.decoder == .eager)
    }

    @Test("a decoder and what chose it survive the JSON form, and the CSV's policy column derives from them")
    func plans() throws {
        let plans: [(DecoderChoice, String?)] = [(.eager, nil), (.windowed(.frames(4)), nil), (.windowed(.all), nil),
                                                 (.windowed(.all), "flanimatedimage"),
                                                 (.windowed(.frames(10)), "kingfisher"),
                                                 (.kingfisher, "kingfisher"),
                                                 (.calibration(bytes: 99), nil)]
        let sent = plans.map { BenchCase(gif: "g", path: "/g.gif", decoder: $0.0, chosenBy: $0.1, loops: 1) }
        #expect(sent.map(\.policy) == ["eager", "fixed", "all", "flanimatedimage", "kingfisher", "kingfisher",
                                        "calibration"])
        for benchCase in sent {
            #expect(try JSONReader.decode(BenchCase.self, from: JSONWriter.encode(benchCase)).identity == benchCase.identity)
        }
        // The first schema's form, as baselines hold it.
        let old = #"{"gif":"g","path":"/g.gif","decoder":{"windowedAll":{}},"policy":"all","loops":1,"mode":"throughput","speed":1,"refreshHz":60,"byteSource":"heap","repetition":1,"samplerInterval":0.001,"extraWorkPerFrame":0,"limits":{"maxCanvasPixels":1,"maxEagerBytes":1,"maxFileBytes":1},"plantedLeakBytes":0}"#
        let read = try JSONReader.decode(BenchCase.self, from: old)
        #expect(read.decoder == .windowed(.all) && read.chosenBy == nil)
    }
}
