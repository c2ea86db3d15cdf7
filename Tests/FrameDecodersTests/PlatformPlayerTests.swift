import FrameDecoders
import Testing
import PlayerModels

/// The browsers' and Android's players (issue 69) against their own arithmetic: what each holds on a GIF under and
/// over its budget, whether a second loop decodes again, and what it does with a late frame.
@Suite("Player models: the browsers' and Android's players")
struct PlatformPlayerTests {
    /// What a player did over `loops` loops of a GIF whose decodes keep up: each frame asked decoded before the next
    /// one comes due, told to the rule as it arrives.
    struct Played {
        var heldMax = 0
        var heldAtEnd: Set<Int> = []
        var decodesPerLoop: [Int] = []
    }

    static func play(_ engine: PlatformPlayer.Engine, frames: Int, frameBytes: Int, loops: Int = 3,
                     player: PlatformPlayer? = nil) -> Played {
        let description = (player ?? PlatformPlayer(engine)).description
        let count = description.count(frameCount: frames, frameBytes: frameBytes, physicalBytes: 1 << 32,
                                      freeBytes: 1 << 31)
        var rule: any RetentionRule = DescribedRule(description, frameCount: frames, count: count,
                                                    budgetFrames: description.holdsUpTo?.frames(frameBytes: frameBytes))
        var held = Set(rule.decodedUpFront + rule.decodedAtStart)
        var played = Played(heldMax: held.count, decodesPerLoop: Array(repeating: 0, count: loops))
        played.decodesPerLoop[0] = held.count
        func apply(_ step: RetentionStep, due: Int, loop: Int) {
            held.subtract(step.free)
            for frame in step.decode where !held.contains(frame) {
                held.insert(frame)
                played.decodesPerLoop[loop] += 1
                played.heldMax = max(played.heldMax, held.count)
                held.subtract(rule.arrived(frame, due: due, held: held).free)
            }
            played.heldMax = max(played.heldMax, held.count)
        }
        for position in 0..<loops * frames {
            let (frame, loop) = (position % frames, position / frames)
            apply(rule.due(frame, held: held), due: frame, loop: loop)
            if !held.contains(frame) { apply(RetentionStep(decode: [frame]), due: frame, loop: loop) }
            apply(rule.shown(frame, held: held), due: frame, loop: loop)
        }
        played.heldAtEnd = held
        return played
    }

    static let megabyte = 1 << 20

    @Test("WebKit keeps every frame under 30 MiB, and past it frees the frames behind the one due: a saw-tooth")
    func webkit() {
        let whole = Self.play(.webkit, frames: 29, frameBytes: Self.megabyte)
        #expect(whole.heldAtEnd.count == 29 && whole.decodesPerLoop.dropFirst().allSatisfy { $0 == 0 })
        let large = Self.play(.webkit, frames: 90, frameBytes: Self.megabyte)
        // 30 frames of 1 MiB and the one asked ahead; holding more frees those below the frame due, frame 0 kept.
        #expect(large.heldMax == 31, "held \(large.heldMax)")
        #expect(large.decodesPerLoop[1] > 0)
        #expect(large.heldAtEnd.contains(0))
    }

    @Test("Firefox keeps a GIF within 20 MiB whole; past it, for good, the first frame and batches of 6 ahead")
    func firefox() {
        let whole = Self.play(.firefox, frames: 20, frameBytes: Self.megabyte)
        #expect(whole.heldAtEnd.count == 20 && whole.decodesPerLoop.dropFirst().allSatisfy { $0 == 0 })
        let large = Self.play(.firefox, frames: 60, frameBytes: Self.megabyte)
        #expect(large.heldMax <= 21 + 11, "held \(large.heldMax)")
        // After the switch: frame 0, the frame due and at most 2 × 6 - 1 ahead.
        #expect(large.heldAtEnd.count <= 1 + 1 + 11 && large.heldAtEnd.contains(0), "\(large.heldAtEnd.sorted())")
        #expect(large.decodesPerLoop[2] >= 59)
        // The threshold counts at least 2 × batch + 1 frames, whatever their size.
        let huge = Self.play(.firefox, frames: 13, frameBytes: 100 * Self.megabyte)
        #expect(huge.heldAtEnd.count == 13)
    }

    @Test("Firefox asks in batches: 12 at start, then 6 more whenever fewer than 6 are ahead")
    func firefoxBatches() {
        let description = PlatformPlayer(.firefox).description
        var rule = DescribedRule(description, frameCount: 100, count: 6, budgetFrames: 13)
        #expect(rule.decodedAtStart == Array(0..<12))
        var asked: [[Int]] = []
        for frame in 0..<20 { asked.append(rule.due(frame, held: []).decode) }
        #expect(asked[0].isEmpty && asked[5].isEmpty, "\(asked)")
        #expect(asked[6] == Array(12..<18) && asked[12] == Array(18..<24), "\(asked)")
    }

    @Test("Fresco keeps what its 64 MiB cache holds: a GIF that fits plays its later loops from the cache")
    func fresco() {
        let whole = Self.play(.fresco, frames: 60, frameBytes: Self.megabyte)
        #expect(whole.decodesPerLoop.dropFirst().allSatisfy { $0 == 0 })
        let large = Self.play(.fresco, frames: 100, frameBytes: Self.megabyte)
        #expect(large.heldMax <= 65 && large.heldMax >= 64, "held \(large.heldMax)")
        #expect(large.decodesPerLoop[2] >= 99)
        let smaller = Self.play(.fresco, frames: 100, frameBytes: Self.megabyte,
                                player: PlatformPlayer(.fresco, budgetMegabytes: 8))
        #expect(smaller.heldMax <= 9, "held \(smaller.heldMax)")
    }

    @Test("Glide and Android hold the frame shown and one ahead, whatever the GIF's size",
          arguments: [PlatformPlayer.Engine.glide, .android])
    func oneAhead(engine: PlatformPlayer.Engine) {
        for frameBytes in [1 << 10, 100 * Self.megabyte] {
            let played = Self.play(engine, frames: 50, frameBytes: frameBytes)
            #expect(played.heldMax <= 3 && played.decodesPerLoop[1] == 50, "\(engine): \(played)")
        }
    }

    @Test("Chromium keeps what its 128 MB of discardable memory holds, a larger GIF decoded every loop; 512 MB keeps a 300 MiB GIF whole")
    func chromium() {
        let whole = Self.play(.chromium, frames: 120, frameBytes: Self.megabyte)
        #expect(whole.decodesPerLoop.dropFirst().allSatisfy { $0 == 0 } && whole.heldAtEnd.count == 120)
        let large = Self.play(.chromium, frames: 150, frameBytes: 2 * Self.megabyte)
        #expect(large.heldMax <= 65 && large.decodesPerLoop[2] == 150, "\(large.heldMax) \(large.decodesPerLoop)")
        let desktop = Self.play(.chromium, frames: 150, frameBytes: 2 * Self.megabyte,
                                player: PlatformPlayer(.chromium, budgetMegabytes: 512))
        #expect(desktop.heldAtEnd.count == 150 && desktop.decodesPerLoop[1] == 0, "\(desktop.decodesPerLoop)")
    }

    @Test("Chromium and Fresco drop a late frame; WebKit, Firefox, Glide and Android wait for it")
    func lateFrames() {
        for engine in PlatformPlayer.Engine.allCases {
            let rule = DescribedRule(PlatformPlayer(engine).description, frameCount: 10, count: 1)
            let drops: Set<PlatformPlayer.Engine> = [.chromium, .fresco]
            #expect(rule.missBehaviour == (drops.contains(engine) ? .showsAnotherFrame : .waitsForFrame), "\(engine)")
        }
    }

    @Test("a GIF straddling each budget switches: one frame under keeps it whole, one over decodes every loop",
          arguments: [(PlatformPlayer.Engine.webkit, 30), (.firefox, 20), (.fresco, 64), (.chromium, 128)])
    func straddle(engine: PlatformPlayer.Engine, megabytes: Int) {
        let under = Self.play(engine, frames: megabytes, frameBytes: Self.megabyte)
        let over = Self.play(engine, frames: megabytes + 2, frameBytes: Self.megabyte)
        #expect(under.decodesPerLoop[2] == 0, "\(engine) under: \(under.decodesPerLoop)")
        #expect(over.decodesPerLoop[2] > 0, "\(engine) over: \(over.decodesPerLoop)")
    }
}
