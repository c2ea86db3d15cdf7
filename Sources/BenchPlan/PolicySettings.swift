import Foundation
import PlayerModels

/// A library's settings as `--policies` writes them after its name, `KEY=VALUE` joined by `:`: `kingfisher:preload=3`,
/// `kingfisher:prescale=off`, `flanimatedimage:cache-max=2`, `sdwebimage:max-buffer=32MiB`, and on each library whose
/// setting counts frames, `budget=SIZE`. Each key is checked against the library it follows, with one line naming it.
struct PolicySettings {
    private var values: [String: String] = [:]
    private let name: String
    private let text: String

    init(_ parts: ArraySlice<String>, of name: String, in text: String) throws(UsageError) {
        self.name = name
        self.text = text
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
                throw UsageError("'\(text)': a setting is KEY=VALUE, such as kingfisher:preload=3, not '\(part)'")
            }
            let key = pair[0].lowercased()
            guard values.updateValue(pair[1], forKey: key) == nil else { throw UsageError("'\(text)' sets \(key) twice") }
        }
    }

    var isEmpty: Bool { values.isEmpty }

    /// `preload=N` (`framePreloadCount`, 1 or more) or `budget=SIZE`, and `prescale=on|off` (`needsPrescaling`).
    func kingfisher() throws(UsageError) -> DecoderSetting {
        try allow(["preload", "budget", "prescale"], usage: "preload=N, budget=SIZE, prescale=on|off")
        let preload = try frames("preload", range: 1...100_000) ?? .frames(KingfisherSettings.defaults.framePreloadCount)
        var prescales = KingfisherSettings.defaults.needsPrescaling
        if let value = values["prescale"] {
            guard ["on", "off"].contains(value.lowercased()) else { throw UsageError("'\(text)': prescale takes on or off, not '\(value)'") }
            prescales = value.lowercased() == "on"
        }
        return .kingfisher(preload: preload, needsPrescaling: prescales)
    }

    /// `cache-max=N` (`frameCacheSizeMax`, 0 for no cap, the default) or `budget=SIZE`.
    func flanimatedimage() throws(UsageError) -> DecoderSetting {
        try allow(["cache-max", "budget"], usage: "cache-max=N, budget=SIZE")
        let cap = try frames("cache-max", range: 0...100_000)
        return .flanimatedimage(cacheMax: cap == .frames(0) ? nil : cap)
    }

    /// `max-buffer=SIZE` (`maxBufferSize` in bytes, 0 for automatic, the default); `budget=SIZE` is the same.
    func sdwebimage() throws(UsageError) -> DecoderSetting {
        try allow(["max-buffer", "budget"], usage: "max-buffer=SIZE, budget=SIZE")
        guard values.count <= 1 else { throw UsageError("'\(text)': give max-buffer or budget, not both (they are "
                                                        + "the same setting)") }
        guard let (key, value) = values.first else { return .sdwebimage }
        guard let bytes = ByteSize.parse(value), bytes > 0 || key == "max-buffer" else {
            throw UsageError("'\(text)': \(key) takes a size such as "
                             + "32MiB\(key == "max-buffer" ? " (0 for automatic)" : ""), not '\(value)'")
        }
        return .sdwebimage(maxBufferSize: bytes)
    }

    /// A browser's or Android's player: its budget in MiB (`cutoff=30`, `threshold=20`, `cache=64`; a size such as
    /// `512KiB` too) and its frames (`batch=6`, `prepare=3`), where its source has them.
    func platform(_ engine: PlatformPlayer.Engine) throws(UsageError) -> DecoderSetting {
        let knobs = PlatformPlayer(engine).knobs
        let keys = [knobs.budget, knobs.frames].compactMap { $0?.key }
        guard !keys.isEmpty || isEmpty else {
            throw UsageError("'\(text)': \(name) has no settings to change (its rule has no knob in its source)")
        }
        try allow(Set(keys), usage: [knobs.budget.map { "\($0.key)=MiB" }, knobs.frames.map { "\($0.key)=N" }]
            .compactMap { $0 }.joined(separator: ", "))
        var player = PlatformPlayer(engine)
        if let key = knobs.budget?.key, let value = values[key] {
            let megabytes = Double(value) ?? ByteSize.parse(value).map { Double($0) / Double(1 << 20) }
            guard let megabytes, megabytes > 0, megabytes <= Double(1 << 20) else {
                throw UsageError("'\(text)': \(key) takes MiB (a number such as 30) or a size such as 512KiB, "
                                 + "not '\(value)'")
            }
            player.budgetMegabytes = megabytes
        }
        if let key = knobs.frames?.key, let value = values[key] {
            guard let frames = Int(value), (1...10_000).contains(frames) else {
                throw UsageError("'\(text)': \(key) takes a whole number from 1 to 10000, not '\(value)'")
            }
            player.frames = frames
        }
        return .platform(player.normalized)
    }

    private func allow(_ keys: Set<String>, usage: String) throws(UsageError) {
        for key in values.keys.sorted() where !keys.contains(key) {
            throw UsageError("'\(text)': \(name) has no setting '\(key)' (use \(usage))")
        }
    }

    /// `key=N` in `range`, or `budget=SIZE`; not both.
    private func frames(_ key: String, range: ClosedRange<Int>) throws(UsageError) -> FrameAllowance? {
        switch (values[key], values["budget"]) {
        case (.some, .some): throw UsageError("'\(text)': give \(key) or budget, not both")
        case (.some(let value), nil):
            guard let count = Int(value), range.contains(count) else {
                throw UsageError("'\(text)': \(key) takes a whole number from \(range.lowerBound) to "
                                 + "\(range.upperBound), not '\(value)'")
            }
            return .frames(count)
        case (nil, .some(let value)):
            guard let bytes = ByteSize.parse(value), bytes > 0 else { throw UsageError("'\(text)': budget takes a size such as 8MiB, not '\(value)'") }
            return .budget(bytes: bytes)
        case (nil, nil): return nil
        }
    }

    /// The most values one sweep may expand to.
    static let sweepLimit = 1000

    /// `kingfisher:preload=2..12` → `kingfisher:preload=2` … `kingfisher:preload=12`; text without `..` unchanged.
    static func expand(_ text: String) throws(UsageError) -> [String] {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let sweeps = parts.indices.filter { parts[$0].contains("..") }
        guard let index = sweeps.first else { return [text] }
        guard sweeps.count == 1 else { throw UsageError("'\(text)' sweeps more than one setting; sweep one, such as "
                                                        + "kingfisher:preload=2..12") }
        let pair = parts[index].split(separator: "=", maxSplits: 1).map(String.init)
        let bounds = pair.count == 2 ? pair[1].components(separatedBy: "..") : []
        guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high else {
            throw UsageError("'\(text)': a sweep is KEY=LOW..HIGH in whole numbers, such as preload=2..12")
        }
        guard high - low < sweepLimit else { throw UsageError("'\(text)' sweeps \(high - low + 1) values; at "
                                                              + "most \(sweepLimit)") }
        return (low...high).map { value in
            parts[index] = "\(pair[0])=\(value)"
            return parts.joined(separator: ":")
        }
    }
}
