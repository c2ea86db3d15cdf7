import CaseModel
import GIFCodec

/// One part of a suite split across machines (`--shard i/n`): whole GIFs are dealt to shards — every case of a GIF,
/// eager and windowed, lands in one shard, so same-run ratios still pair — balanced by expected cost.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The most shards a suite may be dealt into.
    public static let maxCount = 1000

    /// `i/n` with 1 ≤ i ≤ n ≤ 1000.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1000).contains(count), (1...count).contains(index) else {
            throw UsageError("--shard takes i/n with 1 ≤ i ≤ n ≤ 1000, such as 2/3, not '\(text)'")
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The GIFs each shard plays: GIFs sorted by expected cost (frames × pixels × cases, largest first; ties by a
    /// stable hash of the name), each dealt to the shard with the least cost so far. The same GIFs and suite deal
    /// the same way on every machine.
    public static func deal(_ cases: [BenchCase], facts: [String: (frameBytes: Int, frameCount: Int)],
                            into count: Int) -> [[String]] {
        var cost: [String: Double] = [:]
        for benchCase in cases {
            let gifFacts = facts[benchCase.gif] ?? (frameBytes: 1, frameCount: 1)
            cost[benchCase.gif, default: 0] += Double(gifFacts.frameBytes) * Double(gifFacts.frameCount) * Double(benchCase.loops)
        }
        let order = cost.keys.sorted { a, b in
            cost[a]! != cost[b]! ? cost[a]! > cost[b]! : stableHash(a) < stableHash(b)
        }
        var shards = Array(repeating: [String](), count: count), load = Array(repeating: 0.0, count: count)
        for gif in order {
            let lightest = load.indices.min { load[$0] < load[$1] }!
            shards[lightest].append(gif)
            load[lightest] += cost[gif]!
        }
        return shards
    }

    /// The cases of this shard, in their run order.
    public func select(_ cases: [BenchCase], facts: [String: (frameBytes: Int, frameCount: Int)]) -> [BenchCase] {
        let mine = Set(Self.deal(cases, facts: facts, into: count)[index - 1])
        return cases.filter { mine.contains($0.gif) }
    }

    static func stableHash(_ text: String) -> UInt64 { FrameHash(ofUTF8: text).value }
}

/// What a sharded run records, so `bench merge` can check that shards belong together and cover the suite once.
public struct ShardRecord: Sendable, Hashable, Codable {
    public var shard: Shard
    /// A hash of everything that defines the suite (its GIFs, settings and how they are played), not of this shard.
    public var suiteID: String
    /// The GIFs this shard played.
    public var gifs: [String]

    /// `suiteId`: reports convert keys to snake case and back, which turns `suiteID` into `suite_id` into `suiteId`.
    enum CodingKeys: String, CodingKey {
        case shard, suiteID = "suiteId", gifs
    }

    public init(shard: Shard, suiteID: String, gifs: [String]) {
        self.shard = shard
        self.suiteID = suiteID
        self.gifs = gifs
    }
}

extension Suite {
    /// A hash of the suite's definition: two shards with the same ID are parts of one suite.
    public func fingerprint(cases: [BenchCase]) -> String {
        var text = "gifs:" + inputs.map(\.name).joined(separator: "\u{1F}")
        text += "|settings:" + settings.map(\.description).joined(separator: ",")
        text += "|loops:\(loops)|repetitions:\(repetitions)|mode:\(mode.rawValue)|speeds:\(speeds)|refresh:\(refreshHz)"
        text += "|cpus:\(cpus ?? 0)|bytes:\(byteSource.rawValue)|codecs:\(codecs)|sampler:\(samplerInterval)|limits:\(limits)"
        text += "|device:\(device?.name ?? "host")|warning:\(memoryWarningAt ?? -1)|displays:\(displays.map { $0?.description ?? "full" })"
        text += "|cases:\(cases.count)"
        return String(Shard.stableHash(text), radix: 16)
    }
}
