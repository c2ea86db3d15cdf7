import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import Foundation
import FrameDecoders
import GIFCodec
import Testing
import TestFixtures
import PlayerModels

/// A player file (`--player-file`): the four library models written as data in docs/players/ play step for step as the
/// built-in rules, and a bad file is refused with one line naming the key.
@Suite("Player files")
struct PlayerFileTests {
    static let players = Fixtures.packageRoot.appendingPathComponent("docs/players")

    /// Plays `built` and `described` through the same events — frames due, decoded late or in time, shown, arriving
    /// out of the queue, memory warnings and the clock — and returns the first event where their steps differ.
    static func firstDifference(_ built: any RetentionRule, _ described: any RetentionRule, seed: UInt64, events: Int = 600) -> String? {
        var a = built, b = described
        for (what, x, y) in [("framesAhead", a.framesAhead, b.framesAhead), ("heldFramesBound", a.heldFramesBound, b.heldFramesBound)] where x != y {
            return "\(what): \(x) ≠ \(y)"
        }
        guard a.decodedUpFront == b.decodedUpFront, a.decodedAtStart == b.decodedAtStart, a.missBehaviour == b.missBehaviour else {
            return "set-up: \(a.decodedUpFront) \(a.decodedAtStart) \(a.missBehaviour) ≠ \(b.decodedUpFront) \(b.decodedAtStart) \(b.missBehaviour)"
        }
        var random = SplitMix64(seed: seed)
        var held = Set(a.decodedUpFront + a.decodedAtStart)
        var queue: [Int] = []
        var due = 0, seconds = 0.0
        let count = a.frameCount
        func apply(_ step: RetentionStep) {
            held.subtract(step.free)
            for frame in step.decode where !held.contains(frame) && !queue.contains(frame) { queue.append(frame) }
        }
        func compare(_ event: String, _ x: RetentionStep, _ y: RetentionStep) -> String? {
            x == y ? nil : "\(event) (held \(held.sorted())): \(x) ≠ \(y)"
        }
        func arrive() -> String? {
            let frame = queue.removeFirst()
            guard a.keeps(arrived: frame, due: due) == b.keeps(arrived: frame, due: due) else { return "keeps(arrived: \(frame))" }
            guard a.keeps(arrived: frame, due: due) else { return nil }
            held.insert(frame)
            let (x, y) = (a.arrived(frame, due: due, held: held), b.arrived(frame, due: due, held: held))
            if let difference = compare("arrived(\(frame), due: \(due))", x, y) { return difference }
            apply(x)
            return nil
        }
        for _ in 0..<events {
            seconds += 0.25
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<55:
                let (x, y) = (a.due(due, held: held), b.due(due, held: held))
                if let difference = compare("due(\(due))", x, y) { return difference }
                apply(x)
                // Decoding keeps up most of the time.
                while !queue.isEmpty && Int.random(in: 0..<4, using: &random) > 0 { if let difference = arrive() { return difference } }
                if !held.contains(due) && a.missBehaviour == .waitsForFrame {
                    while !held.contains(due) && !queue.isEmpty { if let difference = arrive() { return difference } }
                }
                if held.contains(due) {
                    let (x, y) = (a.shown(due, held: held), b.shown(due, held: held))
                    if let difference = compare("shown(\(due))", x, y) { return difference }
                    apply(x)
                }
                if held.contains(due) || a.missBehaviour == .showsAnotherFrame { due = (due + 1) % count }
            case 55..<80:
                if !queue.isEmpty, let difference = arrive() { return difference }
            case 80..<85:
                let (x, y) = (a.memoryWarning(at: seconds, due: due, held: held), b.memoryWarning(at: seconds, due: due, held: held))
                if let difference = compare("memoryWarning(at: \(seconds))", x, y) { return difference }
                apply(x)
            default:
                let (x, y) = (a.clock(seconds, due: due, held: held), b.clock(seconds, due: due, held: held))
                if let difference = compare("clock(\(seconds))", x, y) { return difference }
                apply(x)
            }
        }
        return nil
    }

    /// GIFs that fall on each side of each library's thresholds: frame counts around 10 and 11, FLAnimatedImage's
    /// three size categories, SDWebImage's pool from a roomy and a tight device.
    static let gifs: [(frames: Int, frameBytes: Int)] = [(4, 64 * 64 * 4), (10, 64 * 64 * 4), (11, 64 * 64 * 4), (12, 64 * 64 * 4),
                                                         (24, 64 * 64 * 4), (40, 1 << 20), (150, 720 * 720 * 4), (300, 240 * 240 * 4)]
    static let memories = [MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30), MachineMemory(physicalBytes: 64 << 20, availableBytes: 16 << 20)]

    @Test("each library's file plays step for step as its built-in rule", arguments: ["kingfisher", "flanimatedimage", "sdwebimage", "ylgifimage"])
    func librariesAsFiles(library: String) throws {
        let description = try PlayerFile.load(Self.players.appendingPathComponent("\(library).json").path)
        let builtIn = try DecoderSetting(parsing: library)
        var checked = 0
        for gif in Self.gifs {
            for memory in Self.memories {
                let built = builtIn.decoder(frameBytes: gif.frameBytes, frameCount: gif.frames, memory: memory)
                let file = DecoderSetting.file(description).decoder(frameBytes: gif.frameBytes, frameCount: gif.frames, memory: memory)
                guard let player = built.libraryRule(frameCount: gif.frames),
                      let described = file.libraryRule(frameCount: gif.frames) else {
                    Issue.record("not a library player")
                    return
                }
                for seed in UInt64(1)...UInt64(20) {
                    let difference = Self.firstDifference(player, described, seed: seed)
                    #expect(difference == nil, "\(library), \(gif.frames) frames of \(gif.frameBytes) B, seed \(seed): \(difference ?? "")")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.gifs.count * Self.memories.count * 20)
    }

    @Test("the comparison sees a changed rule: a file one step away from the library differs")
    func comparisonCatchesChange() throws {
        var description = try PlayerFile.load(Self.players.appendingPathComponent("kingfisher.json").path)
        description.frees = .shown
        let built = try #require(DecoderChoice.kingfisher.libraryRule(frameCount: 30))
        #expect(Self.firstDifference(built, DescribedRule(description, frameCount: 30, count: 10), seed: 1) != nil)
        description = try PlayerFile.load(Self.players.appendingPathComponent("flanimatedimage.json").path)
        description.memoryWarning = .keepDue
        #expect(Self.firstDifference(FLAnimatedImageRule(frameCount: 40, frameBytes: 1 << 20), DescribedRule(description, frameCount: 40, count: 4), seed: 3) != nil)
    }

    @Test("a bad file is refused with one line naming the key", arguments: [
        (#"{"name": "p", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait", "colour": 1}"#, "unknown key 'colour'"),
        (#"{"name": "p", "frames": 3, "asks": "every-due", "frees": "sometimes", "whenMissing": "wait"}"#, "'frees' takes previous, shown"),
        (#"{"name": "p", "frames": -1, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#, "'frames' takes a whole number"),
        (#"{"name": "p", "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#, "'frames' is missing"),
        (#"{"name": "p", "frames": 3, "frees": "shown", "whenMissing": "wait"}"#, "'asks' is missing"),
        (#"{"name": "p q", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#, "'name' takes 1 to 40"),
        (#"{"name": "p", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait", "keeps": [0, "x"]}"#, "'keeps.1'"),
        (#"{"name": "p", "frames": {"memory": {"physicalFraction": 2, "freeFraction": 0.5}}, "asks": "one-at-a-time", "frees": "over-pool", "whenMissing": "wait"}"#,
         "'frames.memory.physicalFraction' takes a number"),
        (#"{"name": "p", "frames": {"bySize": [{"frames": 1}, {"upToMegabytes": 5, "frames": 2}]}, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#,
         "'frames.bySize[0].upToMegabytes' is missing"),
        (#"{"name": "p", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait", "memoryWarning": {"cap": 2}}"#, "'memoryWarning.grownCap' is missing"),
        (#"{"name": "p", "frames": true, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#, "'frames' takes a number of frames"),
        (#"{"name": "kingfisher", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#, "'kingfisher' is a built-in player's name"),
        ("[1, 2]", "not a JSON object"),
    ])
    func badFiles(json: String, message: String) {
        #expect {
            _ = try PlayerFile.parse(Data(json.utf8), named: "my-player.json")
        } throws: { error in
            let line = (error as? UsageError)?.description ?? ""
            return line.hasPrefix("my-player.json: ") && line.contains(message) && !line.contains("\n")
        }
    }

    @Test("a rule's frame counts stop at the GIF's frames: a million ahead of a 10-frame GIF keeps 10, keeps of frames it lacks count nothing (issue 47)")
    func countsCapped() throws {
        let json = #"{"name": "greedy", "frames": 1000000, "asks": "every-due", "frees": "shown", "whenMissing": "wait", "keeps": [3, 999999]}"#
        let description = try PlayerFile.parse(Data(json.utf8), named: "greedy.json")
        var rule = DescribedRule(description, frameCount: 10, count: description.count(frameCount: 10, frameBytes: 64, physicalBytes: 1 << 30, freeBytes: 1 << 30))
        #expect(rule.count == 10)
        #expect(rule.heldFramesBound == 10)
        let step = rule.due(0, held: [])
        #expect(step.decode.allSatisfy { (0..<10).contains($0) } && step.decode.count <= 10, "\(step.decode)")
        let memory = #"{"name": "all-memory", "frames": {"memory": {"physicalFraction": 1, "freeFraction": 1}}, "asks": "one-at-a-time", "frees": "over-pool", "whenMissing": "wait"}"#
        let sized = try PlayerFile.parse(Data(memory.utf8), named: "all-memory.json")
        let pool = DescribedRule(sized, frameCount: 1, count: sized.count(frameCount: 1, frameBytes: 4, physicalBytes: 24 << 30, freeBytes: 24 << 30))
        #expect(pool.count == 1 && pool.heldFramesBound == 1)
    }

    @Test("any player is held to --max-eager-bytes before its first decode, and a player file too large for the child's command line is refused (issue 47)")
    func playerLimits() throws {
        let container = try #require(Fixtures.synthetic.first { $0.name == "sticker-240x240x60" }?.container)
        let keepsAll = KingfisherRule(frameCount: container.frameCount, framePreloadCount: 1000)
        let limits = DecodeLimits(maxEagerBytes: 10 * container.frameBytes)
        #expect(throws: GIFError.self) { _ = try ModelDecoder(container: container, rule: keepsAll, limits: limits) }
        _ = try ModelDecoder(container: container, rule: KingfisherRule(frameCount: container.frameCount, framePreloadCount: 3), limits: limits)
        let huge = FileManager.default.temporaryDirectory.appendingPathComponent("huge-player-\(UUID().uuidString).json").path
        let padding = String(repeating: "x", count: 70_000)
        try Data(#"{"name": "huge", "source": "\#(padding)", "frames": 3, "asks": "every-due", "frees": "shown", "whenMissing": "wait"}"#.utf8)
            .write(to: URL(fileURLWithPath: huge))
        defer { try? FileManager.default.removeItem(atPath: huge) }
        #expect { _ = try PlayerFile.load(huge) } throws: { error in (error as? UsageError)?.description.contains("at most 64 KiB") == true }
        // Two files naming their player alike would make one case name of two players.
        let first = Self.players.appendingPathComponent("kingfisher.json").path
        let twin = FileManager.default.temporaryDirectory.appendingPathComponent("twin-\(UUID().uuidString).json").path
        try FileManager.default.copyItem(atPath: first, toPath: twin)
        defer { try? FileManager.default.removeItem(atPath: twin) }
        #expect { _ = try PlayerFile.loadAll([first, twin]) } throws: { error in (error as? UsageError)?.description.contains("both name their player") == true }
    }

    @Test("docs/player.schema.json names the keys the loader reads")
    func schemaKeys() throws {
        let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/player.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(PlayerFile.keys))
    }
}
