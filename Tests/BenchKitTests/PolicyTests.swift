import BenchCore
import BenchKit
import Testing

@Suite("Buffer policies of real libraries")
struct PolicyTests {
    static let memory = MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30)
    static let frame720 = 720 * 720 * 4

    @Test("Kingfisher preloads 10 frames; fewer frames are all kept")
    func kingfisher() {
        #expect(PrefetchPolicy.kingfisher.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.frames(10)))
        #expect(PrefetchPolicy.kingfisher.decoder(frameBytes: Self.frame720, frameCount: 8, memory: Self.memory) == .windowed(.all))
    }

    @Test("FLAnimatedImage: all frames up to 10 MB decoded, 5 up to 75 MB, else 1",
          arguments: [(64 * 64 * 4, 24, DecoderChoice.windowed(.all)),     // 0.4 MB
                      (1_048_576, 10, .windowed(.all)),                      // exactly 10 MB
                      (1_048_576, 11, .windowed(.frames(5))),              // 11 MB
                      (1_048_576, 75, .windowed(.frames(5))),              // exactly 75 MB
                      (1_048_576, 76, .windowed(.frames(1))),
                      (720 * 720 * 4, 150, .windowed(.frames(1)))])        // 296.6 MB
    func flanimatedimage(frameBytes: Int, frames: Int, expected: DecoderChoice) {
        #expect(PrefetchPolicy.flanimatedimage.decoder(frameBytes: frameBytes, frameCount: frames, memory: Self.memory) == expected)
    }

    @Test("SDWebImage: min(20% of physical, 60% of available) ÷ frame size, at least 1")
    func sdwebimage() {
        // 8 GiB physical → 1.6 GiB; 2 GiB available → 1.2 GiB; the budget is 1.2 GiB.
        let budget = Int(Double(2 << 30) * 0.6)
        #expect(PrefetchPolicy.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 10_000, memory: Self.memory)
                == .windowed(.frames(budget / Self.frame720)))
        let tight = MachineMemory(physicalBytes: 1 << 20, availableBytes: 1 << 20)
        #expect(PrefetchPolicy.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 150, memory: tight) == .windowed(.frames(1)))
        #expect(PrefetchPolicy.sdwebimage.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.all))
    }

    @Test("budget:SIZE picks the largest window that fits, at least 1")
    func budget() throws {
        let policy = try PrefetchPolicy(parsing: "budget:32MiB")
        #expect(policy == .budget(bytes: 32 << 20))
        #expect(policy.decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.frames((32 << 20) / Self.frame720)))
        #expect(PrefetchPolicy.budget(bytes: 1).decoder(frameBytes: Self.frame720, frameCount: 150, memory: Self.memory) == .windowed(.frames(1)))
        #expect(policy.decoder(frameBytes: 1000, frameCount: 150, memory: Self.memory) == .windowed(.all))
        #expect(policy.description == "budget:32MiB")
    }

    @Test("policy names and sizes parse, and bad ones are usage errors")
    func parsing() throws {
        #expect(try PrefetchPolicy(parsing: "eager") == .eager)
        #expect(try PrefetchPolicy(parsing: "FLAnimatedImage") == .flanimatedimage)
        #expect(try PrefetchPolicy(parsing: "budget:500KB") == .budget(bytes: 500_000))
        #expect(ByteSize.parse("1.5GiB") == 3 << 29)
        #expect(ByteSize.parse("4096") == 4096)
        #expect(ByteSize.parse("lots") == nil)
        #expect(throws: UsageError.self) { try PrefetchPolicy(parsing: "budget:") }
        #expect(throws: UsageError.self) { try PrefetchPolicy(parsing: "glide") }
    }

    @Test("a fixed window is capped at the frame count, and duplicates run once")
    func settings() {
        #expect(DecoderSetting.windowed(.frames(16)).resolve(frameBytes: 4, frameCount: 6, memory: Self.memory).decoder == .windowed(.frames(6)))
        #expect(DecoderSetting.windowed(.all).resolve(frameBytes: 4, frameCount: 6, memory: Self.memory).policy == "all")
    }
}
