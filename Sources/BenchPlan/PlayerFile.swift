import Foundation
import PlayerModels

/// Reads a ``PlayerDescription`` from a JSON file (`--player-file`, docs/player.schema.json): every key checked, and a
/// bad one refused with one line naming it.
public enum PlayerFile {
    /// The keys a player file may hold; `name`, `frames`, `asks`, `frees` and `whenMissing` are required.
    public static let keys = ["name", "source", "decodedUpFront", "decodedAtStart", "frames", "asks", "frees", "keeps",
                              "keepAllUpTo", "whenMissing", "memoryWarning", "holdsUpTo"]
    /// The largest player file read: a description is a few hundred bytes, and it goes to each case's child on its
    /// command line, where Linux takes at most 128 KiB in one argument (`MAX_ARG_STRLEN`).
    public static let maxBytes = 64 << 10

    public static func load(_ path: String) throws(UsageError) -> PlayerDescription {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("\(path): cannot read the player file") }
        guard data.count <= maxBytes else { throw UsageError("\(path): a player file is at most 64 KiB (it goes to "
                                                             + "each case's child on its command line)") }
        return try parse(data, named: path)
    }

    /// Every `--player-file`, each loaded; two that name their player alike are refused, since a case is named by
    /// its player: their rows, charts and exported figures would merge into one.
    public static func loadAll(_ paths: [String]) throws(UsageError) -> [PlayerDescription] {
        var loaded: [(path: String, description: PlayerDescription)] = []
        for path in paths {
            let description = try load(path)
            if let other = loaded.first(where: { $0.description.name == description.name }) {
                throw UsageError("\(other.path) and \(path) both name their player '\(description.name)': their cases "
                                 + "would share one name; "
                                 + "give one another 'name'")
            }
            loaded.append((path, description))
        }
        return loaded.map(\.description)
    }

    public static func parse(_ data: Data, named file: String) throws(UsageError) -> PlayerDescription {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw UsageError("\(file): not a JSON object")
        }
        let reader = Fields(fields, file: file)
        for key in fields.keys.sorted() where !keys.contains(key) {
            throw UsageError("\(file): unknown key '\(key)' (a player file has \(keys.joined(separator: ", ")))")
        }
        let name = try reader.string("name")
        if let problem = PlayerName.problem(name, subject: "'name'") { throw UsageError("\(file): \(problem)") }
        return PlayerDescription(
            name: name, source: try reader.optionalString("source") ?? "",
            decodedUpFront: try reader.optionalInteger("decodedUpFront", in: 0...1_000_000) ?? 0,
            decodedAtStart: try reader.optionalChoice("decodedAtStart", PlayerDescription.StartFrames.self) ?? .none,
            frames: try frames(reader), asks: try reader.choice("asks", PlayerDescription.Asking.self),
            frees: try reader.choice("frees", PlayerDescription.Freeing.self), keeps: try reader.integers("keeps"),
            keepAllUpTo: try reader.optionalInteger("keepAllUpTo", in: 1...1_000_000),
            whenMissing: try reader.choice("whenMissing",
                                           PlayerDescription.Missing.self), memoryWarning: try warning(reader),
            holdsUpTo: try budget(reader))
    }

    /// `holdsUpTo`: `{"megabytes": M, "afterwards": "while-over" | "for-good", "atLeastFrames": N}`, or absent.
    private static func budget(_ reader: Fields) throws(UsageError) -> PlayerDescription.HeldBudget? {
        guard let value = reader.fields["holdsUpTo"] else { return nil }
        guard let object = value as? [String: Any] else {
            throw UsageError("\(reader.file): 'holdsUpTo' takes {\"megabytes\": M, \"afterwards\": \"while-over\" or "
                             + "\"for-good\"}")
        }
        let budget = Fields(object, file: reader.file, path: "holdsUpTo")
        try budget.only(["megabytes", "afterwards", "atLeastFrames"])
        let megabytes = try budget.number("megabytes", in: 0...1_048_576)
        guard megabytes > 0 else { throw UsageError("\(reader.file): 'holdsUpTo.megabytes' takes a number above 0") }
        return .init(megabytes: megabytes,
                     afterwards: try budget.choice("afterwards", PlayerDescription.HeldBudget.Afterwards.self),
                     atLeastFrames: try budget.optionalInteger("atLeastFrames", in: 0...1_000_000))
    }

    /// `frames`: a number, `{"bySize": [...]}` or `{"memory": {"physicalFraction": F, "freeFraction": F}}`.
    private static func frames(_ reader: Fields) throws(UsageError) -> PlayerDescription.FrameCount {
        let usage = "'frames' takes a number of frames, {\"bySize\": [...]} or {\"memory\": {\"physicalFraction\": F, "
                    + "\"freeFraction\": F}}"
        switch reader.fields["frames"] {
        case nil: throw UsageError("\(reader.file): 'frames' is missing; \(usage)")
        case let number as NSNumber where !Fields.isBoolean(number):
            return .count(try reader.integer("frames", in: 0...1_000_000))
        case let object as [String: Any] where object.count == 1:
            if let categories = object["bySize"] as? [Any], !categories.isEmpty {
                var parsed: [PlayerDescription.SizeCategory] = []
                for (index, entry) in categories.enumerated() {
                    let category = Fields(entry as? [String: Any] ?? [:], file: reader.file,
                                          path: "frames.bySize[\(index)]")
                    try category.only(["upToMegabytes", "frames"])
                    let limit = try category.optionalNumber("upToMegabytes", in: 0...1e12)
                    guard limit != nil || index == categories.count - 1 else {
                        throw UsageError("\(reader.file): 'frames.bySize[\(index)].upToMegabytes' is missing (only the "
                                         + "last category has no limit)")
                    }
                    let frames: Int? = category.fields["frames"] as? String == "all" ? nil : try category.integer("frames", in: 0...1_000_000, or: "'all'")
                    parsed.append(.init(upToMegabytes: limit, frames: frames))
                }
                return .bySize(parsed)
            }
            if let memory = object["memory"] as? [String: Any] {
                let fractions = Fields(memory, file: reader.file, path: "frames.memory")
                try fractions.only(["physicalFraction", "freeFraction"])
                return .memory(physicalFraction: try fractions.number("physicalFraction", in: 0.000_001...1),
                               freeFraction: try fractions.number("freeFraction", in: 0.000_001...1))
            }
            throw UsageError("\(reader.file): \(usage)")
        default:
            throw UsageError("\(reader.file): \(usage)")
        }
    }

    /// `memoryWarning`: `"ignore"`, `"keep-due"` or `{"cap": N, "grownCap": N, "growAfter": S, "liftAfter": S,
    /// "growthsMax": N}`.
    private static func warning(_ reader: Fields) throws(UsageError) -> PlayerDescription.WarningAnswer {
        switch reader.fields["memoryWarning"] {
        case nil, "ignore" as String: return .ignore
        case "keep-due" as String: return .keepDue
        case let object as [String: Any]:
            let cap = Fields(object, file: reader.file, path: "memoryWarning")
            try cap.only(["cap", "grownCap", "growAfter", "liftAfter", "growthsMax"])
            let first = try cap.integer("cap", in: 1...1_000_000)
            return .cap(cap: first, grownCap: try cap.integer("grownCap", in: first...1_000_000),
                        growAfter: try cap.number("growAfter", in: 0...86_400),
                        liftAfter: try cap.number("liftAfter", in: 0...86_400),
                        growthsMax: try cap.integer("growthsMax", in: 0...1000))
        default:
            throw UsageError("\(reader.file): 'memoryWarning' takes \"ignore\", \"keep-due\" or "
                             + "{\"cap\": N, \"grownCap\": N, \"growAfter\": S, \"liftAfter\": S, \"growthsMax\": N}")
        }
    }
}

/// One JSON object of a player file, read key by key; each error names the file and the key's path.
struct Fields {
    let fields: [String: Any]
    let file: String
    var path = ""

    init(_ fields: [String: Any], file: String, path: String = "") {
        self.fields = fields
        self.file = file
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func only(_ keys: Set<String>) throws(UsageError) {
        for key in fields.keys.sorted() where !keys.contains(key) {
            throw UsageError("\(file): unknown key '\(name(key))' (use \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ key: String) throws(UsageError) -> String {
        guard let value = try optionalString(key) else { throw UsageError("\(file): '\(name(key))' is missing") }
        return value
    }

    func optionalString(_ key: String) throws(UsageError) -> String? {
        guard let value = fields[key] else { return nil }
        guard let text = value as? String else { throw UsageError("\(file): '\(name(key))' takes a string") }
        return text
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let value = try optionalNumber(key, in: range) else { throw UsageError("\(file): '\(name(key))' is missing") }
        return value
    }

    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let value = fields[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number), range.contains(number.doubleValue) else {
            throw UsageError("\(file): '\(name(key))' takes a number from \(Self.text(range.lowerBound)) to "
                             + "\(Self.text(range.upperBound))")
        }
        return number.doubleValue
    }

    func integer(_ key: String, in range: ClosedRange<Int>, or alternative: String? = nil) throws(UsageError) -> Int {
        guard let value = try optionalInteger(key, in: range, or: alternative) else { throw UsageError("\(file): '\(name(key))' is missing") }
        return value
    }

    func optionalInteger(_ key: String, in range: ClosedRange<Int>,
                         or alternative: String? = nil) throws(UsageError) -> Int? {
        guard let value = fields[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number), number.doubleValue == number.doubleValue.rounded(),
              let whole = Int(exactly: number.doubleValue), range.contains(whole) else {
            throw UsageError("\(file): '\(name(key))' takes a whole number from \(range.lowerBound) to "
                             + "\(range.upperBound)\(alternative.map { " or \($0)" } ?? "")")
        }
        return whole
    }

    func integers(_ key: String) throws(UsageError) -> [Int] {
        guard let value = fields[key] else { return [] }
        guard let list = value as? [Any] else { throw UsageError("\(file): '\(name(key))' takes a list of frame numbers") }
        var numbers: [Int] = []
        for index in list.indices {
            numbers.append(try Fields(["\(index)": list[index]], file: file, path: name(key)).integer("\(index)", in: 0...1_000_000))
        }
        return numbers
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(UsageError) -> Choice where Choice.RawValue == String {
        guard let value = try optionalChoice(key, type) else {
            throw UsageError("\(file): '\(name(key))' is missing (use "
                             + "\(Choice.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    func optionalChoice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(UsageError) -> Choice? where Choice.RawValue == String {
        guard let value = fields[key] else { return nil }
        guard let text = value as? String, let choice = Choice(rawValue: text) else {
            throw UsageError("\(file): '\(name(key))' takes "
                             + "\(Choice.allCases.map(\.rawValue).joined(separator: ", ")), not \(value)")
        }
        return choice
    }

    /// JSON's `true` and `false` arrive as NSNumbers of type `c` (char); its numbers never do.
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
