import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import Testing

@Suite("Buffer policies of real libraries")
struct PolicyTests {
    static let memory = MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30)
    static let frame720 = 720 * 720 * 4

    @Test("Kingfisher, YLGIFImage: their players whatever the GIF")
    func kingfisher() {
        #expect(DecoderSetting.kingfisher.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .kingfisher)
        #expect(DecoderSetting.ylgifimage.decoder(frameBytes: Self.frame720, frameCount: 8, memory: Self.memory) == .ylgifimage)
        #expect(DecoderChoice.kingfisher.windowColumn(frameCount: 150) == 10)
        #expect(DecoderChoice.kingfisher.windowColumn(frameCount: 8) == 7)
    }

    @Test("FLAnimatedImage: a cache of every frame up to 10 MB decoded, 5 up to 75 MB, else 1 (MB = 2^20)",
          arguments: [(64 * 64 * 4, 24, 24),     // 0.4 MB
                      (1_048_576, 10, 10),       // exactly 10 MB
                      (1_048_576, 11, 5),        // 11 MB
                      (1_048_576, 75, 5),        // exactly 75 MB
                      (1_048_576, 76, 1),
                      (720 * 720 * 4, 150, 1)])  // 296.6 MB
    func flanimatedimage(frameBytes: Int, frames: Int, cacheSize: Int) {
        #expect(DecoderSetting.flanimatedimage.decoder(frameBytes: frameBytes, frameCount: frames, memory: Self.memory)
                == .flanimatedimage(cacheSize: cacheSize))
        // The window column counts frames ahead: the cache less the frame on screen.
        #expect(DecoderChoice.flanimatedimage(cacheSize: cacheSize).windowColumn(frameCount: frames) == cacheSize - 1)
    }

    @Test("SDWebImage: a pool of min(20% of physical, 60% of available) ÷ frame size, at least 1")
    func sdwebimage() {
        // 8 GiB physical → 1.6 GiB; 2 GiB available → 1.2 GiB; the budget is 1.2 GiB.
        let budget = Int(Double(2 << 30) * 0.6)
        #expect(DecoderSetting.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 10_000, memory: Self.memory)
                == .sdwebimage(maxBufferCount: budget / Self.frame720))
        let tight = MachineMemory(physicalBytes: 1 << 20, availableBytes: 1 << 20)
        #expect(DecoderSetting.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 150, memory: tight) == .sdwebimage(maxBufferCount: 1))
    }

    @Test("budget:SIZE picks the largest window that fits, at least 1")
    func budget() throws {
        let policy = try DecoderSetting(parsing: "budget:32MiB")
        #expect(policy == .budget(bytes: 32 << 20))
        #expect(policy.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.frames((32 << 20) / Self.frame720)))
        #expect(DecoderSetting.budget(bytes: 1).decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.frames(1)))
        #expect(policy.decoder(frameBytes: 1000, frameCount: 150, memory: Self.memory) == .windowed(.all))
        #expect(policy.description == "budget:32MiB")
    }

    @Test("policy names and sizes parse, and bad ones are usage errors")
    func parsing() throws {
        #expect(try DecoderSetting(parsing: "FLAnimatedImage") == .flanimatedimage)
        #expect(try DecoderSetting(parsing: "budget:500KB") == .budget(bytes: 500_000))
        #expect(ByteSize.parse("1.5GiB") == 3 << 29)
        #expect(ByteSize.parse("4096") == 4096)
        #expect(ByteSize.parse("lots") == nil)
        // The whole promised range, "1B to 1PiB" (issue 47: TiB and PiB were refused).
        #expect(ByteSize.parse("2TiB") == 2 << 40 && ByteSize.parse("1PiB") == 1 << 50 && ByteSize.parse("1P") == 1 << 50)
        #expect(ByteSize.parse("2PiB") == nil && ByteSize.parse("1.5PiB") == nil)
        #expect(throws: UsageError.self) { try DecoderSetting(parsing: "budget:") }
        #expect(throws: UsageError.self) { try DecoderSetting(parsing: "lottie") }
    }

    @Test("run and feed name a setting one way: a decoder kind is named, a library's rule is its policy")
    func oneVocabulary() throws {
        let memory = Self.memory
        #expect(try DecoderSetting(parsing: "eager") == .eager)
        #expect(try DecoderSetting(parsing: "eager").decoder(frameBytes: Self.frame720, frameCount: 150, memory: memory) == .eager)
        #expect(try DecoderSetting(parsing: "Windowed:8").decoder(frameBytes: Self.frame720, frameCount: 150, memory: memory)
                == .windowed(.frames(8)))
        #expect(try DecoderSetting(parsing: "Windowed:8").chosenBy == nil)
        #expect(try DecoderSetting(parsing: "kingfisher") == .kingfisher)
        #expect(try DecoderSetting(parsing: "kingfisher").chosenBy == "kingfisher")
        #expect(try DecoderSetting(parsing: "budget:32MiB").chosenBy == "budget:32MiB")
        #expect(throws: UsageError.self) { try DecoderSetting(parsing: "windowed:4:5") }
        #expect {
            _ = try DecoderSetting(parsing: "lottie")
        } throws: { error in
            (error as? UsageError)?.description == "unknown policy 'lottie' (use eager, windowed, windowed:N, indexed, indexed:N, "
                + "kingfisher, flanimatedimage, sdwebimage, ylgifimage, webkit, chromium, firefox, glide, fresco, android, "
                + "budget:SIZE)"
        }
    }

    @Test("a fixed window is capped at the frame count, and duplicates run once")
    func settings() {
        #expect(DecoderSetting.windowed(.frames(16)).decoder(frameBytes: 4, frameCount: 6, memory: Self.memory)
                == .windowed(.frames(6)))
        let all = DecoderSetting.windowed(.all)
        #expect(all.decoder(frameBytes: 4, frameCount: 6, memory: Self.memory).namedPolicy == "all" && all.chosenBy == nil)
    }

    @Test("a device's memory, not the host's, sizes SDWebImage's pool; its free memory is a stated third of physical")
    func devices() throws {
        let small = try Device.named("iphone-se-2")
        #expect(small.physicalBytes == 3 << 30 && small.freeBytes == 1 << 30)
        // min(20% of 3 GiB, 60% of 1 GiB) = 0.6 GiB, over 720×720×4 bytes: 310 frames.
        #expect(DecoderSetting.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 150, memory: small.memory)
                == .sdwebimage(maxBufferCount: 310))
        #expect(try Device.named("iPhone-15-Pro").refreshHz == 120)
        #expect(throws: UsageError.self) { try Device.named("pixel") }
        #expect(Device.table.allSatisfy { $0.freeBytes <= $0.physicalBytes && !$0.source.isEmpty })
    }
}
