import BenchPlan
import Foundation
import Testing
import PlayerModels
import TestFixtures

/// `--policies webkit,chromium,firefox,glide,fresco,android` (issue 69): each parses, prints back, takes the knobs its
/// source has and no other, resolves its budget for a GIF's frame size, and matches its player file in docs/players/.
@Suite("Browser and Android players in --policies")
struct PlatformPolicyTests {
    static let memory = MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30)

    @Test("the six names parse to their players and print back as they were written")
    func names() throws {
        for name in PlatformPlayer.names {
            let setting = try DecoderSetting(parsing: name)
            #expect(setting == .platform(PlatformPlayer(PlatformPlayer.Engine(rawValue: name)!)))
            #expect(setting.description == name)
            #expect(setting.decoder(frameBytes: 1 << 20, frameCount: 90, memory: Self.memory).name == name)
        }
        #expect(DecoderSetting.names().contains("webkit, chromium, firefox, glide, fresco, android"))
    }

    @Test("knobs: firefox:batch and threshold, webkit:cutoff, fresco:cache and prepare; a sweep; the defaults are one case")
    func knobs() throws {
        let batch = try DecoderSetting(parsing: "firefox:batch=3:threshold=5")
        #expect(batch.description == "firefox:threshold=5:batch=3")
        #expect(try DecoderSetting(parsing: batch.description) == batch)
        #expect(batch.libraryDefault == .platform(PlatformPlayer(.firefox)))
        #expect(try DecoderSetting(parsing: "webkit:cutoff=30") == .platform(PlatformPlayer(.webkit)))
        #expect(try DecoderSetting(parsing: "firefox:batch=6") == .platform(PlatformPlayer(.firefox)))
        #expect(try DecoderSetting(parsing: "fresco:prepare=3:cache=64") == .platform(PlatformPlayer(.fresco)))
        #expect(try DecoderSetting(parsing: "webkit:cutoff=512KiB").description == "webkit:cutoff=0.5")
        let sweep = try DecoderSetting.parsingSweep("firefox:threshold=5..40")
        #expect(sweep.count == 36 && sweep.last?.description == "firefox:threshold=40")
        // The budget becomes frames of this GIF's size: 5 MiB of 1 MiB frames, but at least 2 × 3 + 1.
        guard case .described(_, let count, let budget) = batch.decoder(frameBytes: 1 << 20, frameCount: 90,
                                                                       memory: Self.memory) else {
            Issue.record("firefox resolves to a described player")
            return
        }
        #expect(count == 3 && budget == 7)
        let fresco = try DecoderSetting(parsing: "fresco:cache=8:prepare=5")
        guard case .described(_, let prepared, let frames) = fresco.decoder(frameBytes: 1 << 20, frameCount: 90,
                                                                            memory: Self.memory) else {
            Issue.record("fresco resolves to a described player")
            return
        }
        #expect(prepared == 5 && frames == 8)
    }

    @Test("a knob a player's source does not have is refused in one line", arguments: [
        ("glide:batch=2", "glide has no settings to change"),
        ("chromium:cutoff=3", "chromium has no setting 'cutoff' (use cache=MiB)"),
        ("android:cache=3", "android has no settings to change"),
        ("webkit:batch=2", "webkit has no setting 'batch' (use cutoff=MiB)"),
        ("firefox:threshold=0", "threshold takes MiB"),
        ("fresco:prepare=0", "prepare takes a whole number from 1 to 10000"),
    ])
    func badKnobs(text: String, message: String) {
        #expect {
            _ = try DecoderSetting(parsing: text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("each player's file in docs/players/ is its built-in rule, its name apart", arguments: PlatformPlayer.names)
    func files(name: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("docs/players/\(name).json").path
        var file = try PlayerFile.load(path)
        #expect(file.name == "\(name)-file")
        file.name = name
        #expect(file == PlatformPlayer(PlatformPlayer.Engine(rawValue: name)!).description)
    }

    @Test("no player file may take an engine's name")
    func reservedNames() {
        for name in PlatformPlayer.names { #expect(PlayerName.problem(name, subject: "'name'") != nil) }
    }
}
