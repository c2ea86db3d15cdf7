import FrameDecoders
import GIFCodec
import MemoryProbe
import Testing
import TestFixtures
import PlayerModels

/// Each decode's cost, split into the LZW decode, the drawing and the copy into the buffer that keeps the frame: the
/// figures that say where real time's extra decoding CPU goes (Reports/player-cpu/README.md).
@Suite("Decode cost steps")
struct DecodeCostTests {
    static func container(_ name: String = "kingfisher-720x720x150") throws -> GIFContainer {
        try #require(Fixtures.synthetic.first { $0.name == name }?.container)
    }

    /// The cost of every frame of one loop, played in order.
    static func loop(_ source: any AnimatedFrameSource) throws -> [DecodeCost] {
        try (0..<source.frameCount).map { index in try source.withFrame(at: index) { $0.cost } }
    }

    @Test("a windowed decoder's and a library model's frames carry their LZW and copy steps, inside the whole")
    func stepsInsideTheWhole() throws {
        let container = try Self.container()
        let sources: [(String, any AnimatedFrameSource)] = [
            ("windowed", try WindowedDecoder(container: container, window: .frames(4))),
            ("flanimatedimage", try ModelDecoder(container: container, rule: FLAnimatedImageRule(frameCount: container.frameCount, cacheSize: 1))),
        ]
        for (name, source) in sources {
            let costs = try Self.loop(source)
            let steps = costs.compactMap(\.steps)
            #expect(steps.count == costs.count, "\(name): every decode timed its steps")
            #expect(steps.map(\.lzw).reduce(0, +) > 0, "\(name): no LZW time")
            #expect(steps.map(\.copy).reduce(0, +) > 0, "\(name): no copy time")
            for (index, cost) in costs.enumerated() {
                let parts = (cost.steps?.lzw ?? 0) + (cost.steps?.copy ?? 0)
                #expect(parts <= cost.seconds + 1e-9, "\(name), frame \(index): steps \(parts) s exceed the whole \(cost.seconds) s")
            }
        }
    }

    @Test("the LZW step is the LZW decode: the indexed decoder's later loops, drawn from kept indices, spend none in it")
    func lzwIsTheCodec() throws {
        let decoder = try IndexedDecoder(container: try Self.container(), window: .frames(3))
        let first = try Self.loop(decoder), second = try Self.loop(decoder)
        #expect(first.compactMap(\.steps?.lzw).reduce(0, +) > 0)
        // Frames 0–2 of the second loop were prefetched during the first, after every index was kept.
        #expect(second.compactMap(\.steps?.lzw).reduce(0, +) == 0, "LZW time in a loop that decodes no LZW")
        #expect(second.compactMap(\.steps?.copy).reduce(0, +) > 0)
    }

    @Test("with jemalloc's meter installed, each decode records the bytes its thread allocated: a frame's buffer for a library's player, next to nothing for a window's slot",
          .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func bytesPerDecode() throws {
        try ThreadAllocationTotals.installAsMeter()
        let container = try Self.container()
        let model = try Self.loop(try ModelDecoder(container: container, rule: FLAnimatedImageRule(frameCount: container.frameCount, cacheSize: 1)))
        let windowed = try Self.loop(try WindowedDecoder(container: container, window: .frames(4)))
        let modelBytes = model.dropFirst().compactMap(\.steps?.allocatedBytes)
        let windowBytes = windowed.dropFirst().compactMap(\.steps?.allocatedBytes)
        #expect(modelBytes.count == model.count - 1 && windowBytes.count == windowed.count - 1, "every decode read the meter")
        #expect(modelBytes.allSatisfy { $0 >= container.frameBytes }, "a kept frame is a new buffer: \(modelBytes.prefix(5))")
        #expect(windowBytes.allSatisfy { $0 < container.frameBytes / 100 }, "a window's slots are allocated up front: \(windowBytes.prefix(5))")
    }

    @Test("the eager decoder's steps are not timed apart, and a compositor times LZW only when asked")
    func timedOnlyWhereAsked() throws {
        let container = try Self.container("sticker-240x240x60")
        let eager = try EagerDecoder(container: container)
        #expect(try Self.loop(eager).allSatisfy { $0.steps == nil && $0.seconds > 0 })
        let compositor = try Compositor(container: container)
        for _ in 0..<container.frameCount { compositor.advance() }
        #expect(compositor.lzwSeconds == 0)
        compositor.timesLZW = true
        for _ in 0..<container.frameCount { compositor.advance() }
        #expect(compositor.lzwSeconds > 0)
    }
}
