import CaseModel
import BenchPlan

/// Joins the reports of a sharded run into the report the whole suite would have made: refuses shards of different
/// suites, a shard given twice or overlapping another, and a missing shard, naming which.
public enum ShardMerge {
    /// `reports` as (where it came from, the report); the merged report's metadata is the first shard's, without the
    /// shard record and with `command`.
    public static func merge(_ reports: [(source: String, report: RunReport)], command: String,
                             allowingMixedBuilds: Bool = false) throws(UsageError) -> RunReport {
        guard let first = reports.first else { throw UsageError("merge needs the reports of at least one shard") }
        var records: [(source: String, record: ShardRecord)] = []
        for (source, report) in reports {
            guard let record = report.metadata.shard else { throw UsageError("\(source) is not a shard's report (made "
                                                                             + "without --shard)") }
            // A recorded shard is read as the flag is: a count out of range would trap or allocate without bound.
            guard (1...Shard.maxCount).contains(record.shard.count), (1...record.shard.count).contains(record.shard.index) else {
                throw UsageError("\(source) records shard \(record.shard.index)/\(record.shard.count), outside 1 ≤ i ≤ "
                                 + "n ≤ \(Shard.maxCount): not a shard's report")
            }
            // Its rows must be the GIFs its record names, each repetition of each case once.
            let named = Set(record.gifs)
            if let stray = report.results.first(where: { !named.contains($0.benchCase.gif) }) {
                throw UsageError("\(source) holds rows of \(stray.benchCase.gif), which its shard record does not "
                                 + "name: not one shard's report")
            }
            var rows: [CaseIdentity: Set<Int>] = [:]
            for result in report.results {
                guard rows[result.benchCase.identity, default: []].insert(result.benchCase.repetition).inserted else {
                    throw UsageError("\(source) holds \(result.benchCase.gif) · \(result.benchCase.identity.setting) "
                                     + "repetition \(result.benchCase.repetition) twice")
                }
            }
            records.append((source, record))
        }
        let reference = records[0]
        for (source, record) in records.dropFirst() {
            if record.suiteID != reference.record.suiteID || record.shard.count != reference.record.shard.count {
                throw UsageError("\(source) (shard \(record.shard)) is a shard of another suite than "
                                 + "\(reference.source) (shard \(reference.record.shard)): "
                                 + "the GIFs, settings or how they are played differ")
            }
        }
        // Figures of two builds are not one run's: a shard played by other code or another toolchain is refused.
        let built = first.report.metadata
        for (source, report) in reports.dropFirst() where !allowingMixedBuilds {
            let other = report.metadata
            if other.gitCommit != built.gitCommit {
                throw UsageError("\(source) was played by bench built from \(other.gitCommit ?? "no recorded commit"), "
                                 + "\(first.source) by "
                                 + "\(built.gitCommit ?? "no recorded commit"): figures of two builds are not one "
                                 + "run's (--allow-mixed-builds merges them anyway)")
            }
            if other.swiftVersion != built.swiftVersion {
                throw UsageError("\(source) was built with Swift \(other.swiftVersion), \(first.source) with Swift "
                                 + "\(built.swiftVersion): "
                                 + "figures of two toolchains are not one run's (--allow-mixed-builds "
                                 + "merges them anyway)")
            }
        }
        var seenShards: [Int: String] = [:], seenGIFs: [String: String] = [:]
        for (source, record) in records {
            if let earlier = seenShards[record.shard.index] {
                throw UsageError("shard \(record.shard) is given twice: \(earlier) and \(source)")
            }
            seenShards[record.shard.index] = source
            for gif in record.gifs {
                if let earlier = seenGIFs[gif] { throw UsageError("\(earlier) and \(source) both hold \(gif): "
                                                                  + "overlapping shards") }
                seenGIFs[gif] = source
            }
        }
        let missing = (1...reference.record.shard.count).filter { seenShards[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(reference.record.shard.count)" }.joined(separator: ", ")
            throw UsageError("shard\(missing.count == 1 ? "" : "s") \(names) "
                             + "\(missing.count == 1 ? "is" : "are") missing")
        }
        var metadata = first.report.metadata
        metadata.shard = nil
        metadata.playedBy = Self.withoutShardFlags(metadata.command)
        metadata.command = command
        let plans = reports.compactMap(\.report.metadata.plan)
        metadata.plan = plans.count == reports.count ? RunPlan(cases: plans.reduce(0) { $0 + $1.cases },
                                                               repetitions: plans[0].repetitions) : nil
        let ordered = reports.sorted { $0.report.metadata.shard!.shard.index < $1.report.metadata.shard!.shard.index }
        return RunReport(metadata: metadata, results: ordered.flatMap(\.report.results),
                         incomplete: reports.contains { $0.report.incomplete })
    }

    /// A shard's command without the flags that made it one shard in its own folder: what played every shard.
    static func withoutShardFlags(_ command: String) -> String {
        RunMetadata.words(of: command, dropping: ["--shard", "--out"]).joined(separator: " ")
    }
}
