import CaseModel
import BenchPlan
import BenchRunning
import Foundation
import FrameDecoders
import GIFCodec
import Testing
import TestFixtures

/// Issue 29: the registry of decoder kinds is the one place that knows them. Each kind in it is parsed by its name,
/// crosses to the child and into a report in one JSON form, builds a decoder that plays the eager decoder's frames,
/// and states the bytes it holds; nothing outside the registry lists them.
@Suite("Decoder kinds")
struct DecoderKindTests {
    @Test("every registered kind: named, parsed by --decoders and a feed, one JSON form each way, eager's frames, its bytes stated")
    func everyKind() throws {
        let container = try #require(Fixtures.synthetic.first { $0.name.hasPrefix("restore-previous") }?.container)
        let eager = try DecoderKind.eager.make(DecoderInputs(container: container, window: .all))
        let expected = try (0..<container.frameCount).map { index throws(GIFError) in try eager.hash(ofFrame: index) }
        #expect(DecoderKind.all.map(\.name) == ["eager", "windowed", "indexed"])
        for kind in DecoderKind.all {
            #expect(DecoderKind.named(kind.name) == kind)
            for window in kind.takesWindow ? [PrefetchWindow.frames(2), .all] : [.all] {
                let choice = DecoderChoice.kind(kind, window)
                #expect(choice.name == kind.name)
                // The child's form (verbatim keys) and a report's (snake case, through Foundation) both read back equal.
                var benchCase = CaseIdentityTests.unusualCase(path: "/tmp/x.gif")
                benchCase.decoder = choice
                benchCase.chosenBy = nil
                #expect(BenchCase(arguments: benchCase.arguments) == benchCase, "\(choice)")
                let report = try ReportJSON.decode(ReportJSON.encode(RunReport(metadata: RunMetadata.current(command: "test"),
                                                                              results: [CaseResult(benchCase: benchCase, failure: "x")])))
                #expect(report.results.first?.benchCase.decoder == choice, "\(choice)")
                let decoder = try kind.make(DecoderInputs(container: container, window: window))
                let hashes = try (0..<container.frameCount).map { index throws(GIFError) in try decoder.hash(ofFrame: index) }
                #expect(hashes == expected, "\(choice) plays other frames than eager")
                #expect(kind.theoreticalBytes(window: window, container: container, display: nil) >= container.width * container.height * 4)
            }
            let model = try DecoderSetting(parsing: kind.name)
            #expect(model == .kind(kind, kind.takesWindow ? .frames(Suite.defaultWindow) : .all))
            #expect(model.queue == kind.decodesOn)
        }
        #expect(throws: UsageError.self) { _ = try DecoderSetting(parsing: "eager:2") }
    }
}
