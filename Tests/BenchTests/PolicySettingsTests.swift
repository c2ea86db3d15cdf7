import CaseModel
import BenchPlan
import BenchRunning
import BenchCore
import Foundation
import Testing
import PlayerModels

/// `--policies` with a library's settings: `kingfisher:preload=3`, sweeps, budgets, and one line for a bad setting.
@Suite("Library settings in --policies")
struct PolicySettingsTests {
    static let memory = MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30)
    static let frame720 = 720 * 720 * 4

    @Test("each library's setting parses, resolves to the player, and prints back in one canonical form")
    func settings() throws {
        let preload = try DecoderSetting(parsing: "kingfisher:preload=3")
        #expect(preload == .kingfisher(preload: .frames(3), needsPrescaling: true))
        #expect(preload.description == "kingfisher:preload=3")
        #expect(preload.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory)
                == .kingfisher(KingfisherSettings(framePreloadCount: 3)))
        #expect(DecoderChoice.kingfisher(KingfisherSettings(framePreloadCount: 3)).windowColumn(frameCount: 150) == 3)
        // The defaults written out are the default: one case, not two.
        #expect(try DecoderSetting(parsing: "kingfisher:preload=10:prescale=on") == .kingfisher)
        #expect(try DecoderSetting(parsing: "Kingfisher:prescale=off").description == "kingfisher:prescale=off")
        #expect(try DecoderSetting(parsing: "flanimatedimage:cache-max=0") == .flanimatedimage)
        #expect(try DecoderSetting(parsing: "sdwebimage:max-buffer=0") == .sdwebimage)

        let cap = try DecoderSetting(parsing: "flanimatedimage:cache-max=2")
        #expect(cap.description == "flanimatedimage:cache-max=2")
        #expect(cap.decoder(frameBytes: 64 * 64 * 4, frameCount: 24, memory: Self.memory)
                == .flanimatedimage(cacheSize: 2, frameCacheSizeMax: 2))

        let pool = try DecoderSetting(parsing: "sdwebimage:max-buffer=32MiB")
        #expect(pool.description == "sdwebimage:max-buffer=32MiB")
        #expect(pool.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory)
                == .sdwebimage(maxBufferCount: (32 << 20) / Self.frame720, maxBufferSize: 32 << 20))
        #expect(try DecoderSetting(parsing: "sdwebimage:budget=32MiB") == pool)
    }

    @Test("budget=SIZE turns into the library's own setting for the GIF's frame size")
    func budgets() throws {
        // Kingfisher holds the frame on screen beside the ones preloaded: 8 frames' bytes preload 7.
        let kingfisher = try DecoderSetting(parsing: "kingfisher:budget=\(8 * Self.frame720)")
        #expect(kingfisher.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory)
                == .kingfisher(KingfisherSettings(framePreloadCount: 7)))
        #expect(kingfisher.decoder(frameBytes: 100 * Self.frame720, frameCount: 150, memory: Self.memory)
                == .kingfisher(KingfisherSettings(framePreloadCount: 1)))
        // FLAnimatedImage's cache counts the frame on screen.
        let fl = try DecoderSetting(parsing: "flanimatedimage:budget=256KiB")
        #expect(fl.decoder(frameBytes: 64 * 64 * 4, frameCount: 24, memory: Self.memory)
                == .flanimatedimage(cacheSize: 16, frameCacheSizeMax: 16))
        #expect(fl.description == "flanimatedimage:budget=256KiB")
    }

    @Test("a sweep of one setting expands to one policy per value, in order")
    func sweeps() throws {
        let sweep = try DecoderSetting.parsingSweep("kingfisher:preload=2..12")
        #expect(sweep.count == 11)
        #expect(sweep.map(\.description).first == "kingfisher:preload=2")
        #expect(sweep[8] == .kingfisher)
        #expect(try DecoderSetting.parsingSweep("kingfisher:prescale=off:preload=1..2").map(\.description)
                == ["kingfisher:preload=1:prescale=off", "kingfisher:preload=2:prescale=off"])
        #expect(try DecoderSetting.parsingSweep("flanimatedimage:cache-max=1..3").count == 3)
        #expect(try DecoderSetting.parsingSweep("kingfisher:preload=2..4").map(\.description)
                == ["kingfisher:preload=2", "kingfisher:preload=3", "kingfisher:preload=4"])
    }

    @Test("a bad setting is one usage error naming it",
          arguments: [("kingfisher:prefetch=3", "no setting 'prefetch'"), ("kingfisher:preload=0", "preload takes a whole number from 1"),
                      ("kingfisher:preload=3:budget=8MiB", "give preload or budget"), ("kingfisher:prescale=maybe", "prescale takes on or off"),
                      ("kingfisher:preload", "a setting is KEY=VALUE"), ("kingfisher:preload=2:preload=3", "sets preload twice"),
                      ("ylgifimage:preload=3", "ylgifimage has no settings"), ("sdwebimage:max-buffer=lots", "max-buffer takes a size"),
                      ("sdwebimage:max-buffer=1MiB:budget=2MiB", "not both"), ("flanimatedimage:cache-max=-1", "cache-max takes a whole number"),
                      ("kingfisher:preload=12..2", "a sweep is KEY=LOW..HIGH"), ("kingfisher:preload=1..5000", "at most 1000"),
                      ("flanimatedimage:cache-max=1..2:budget=1..2", "more than one setting")])
    func errors(text: String, message: String) {
        #expect {
            _ = try DecoderSetting.parsingSweep(text)
        } throws: { error in
            let line = (error as? UsageError)?.description ?? ""
            return line.contains(message) && !line.contains("\n")
        }
    }

    @Test("a tuned player's JSON holds only what was changed; the first schema's form still reads")
    func codable() throws {
        let tuned = DecoderChoice.kingfisher(KingfisherSettings(framePreloadCount: 3))
        let json = String(decoding: try JSONEncoder().encode(tuned), as: UTF8.self)
        #expect(json == #"{"kingfisher":{"framePreloadCount":3}}"#)
        #expect(try JSONDecoder().decode(DecoderChoice.self, from: Data(json.utf8)) == tuned)
        #expect(String(decoding: try JSONEncoder().encode(DecoderChoice.kingfisher), as: UTF8.self) == #"{"kingfisher":{}}"#)
        #expect(try JSONDecoder().decode(DecoderChoice.self, from: Data(#"{"kingfisher":{}}"#.utf8)) == .kingfisher)
        #expect(try JSONDecoder().decode(DecoderChoice.self, from: Data(#"{"sdwebimage":{"maxBufferCount":4}}"#.utf8))
                == .sdwebimage(maxBufferCount: 4))
        let capped = DecoderChoice.flanimatedimage(cacheSize: 2, frameCacheSizeMax: 2)
        #expect(try JSONDecoder().decode(DecoderChoice.self, from: JSONEncoder().encode(capped)) == capped)
    }
}
