import CaseModel
import BenchPlan

/// A hand-rolled reader of `--flag value` arguments that rejects anything it was not asked about.
public struct ArgumentList: Sendable {
    private var remaining: [String]
    /// Every flag a command asked about: what a mistyped one is matched against.
    private var asked: Set<String> = []

    /// The command line as the user gave it, `bench` and all: what a report records as the command that made it.
    public let commandLine: String

    public init(_ arguments: some Sequence<String>, commandLine: String = "") {
        remaining = Array(arguments)
        self.commandLine = commandLine
    }

    /// Removes every `--name` and reports whether it was present (a switch given twice is still one switch).
    /// `--help` is also asked for by `-h`, as every command line tool has it.
    public mutating func flag(_ name: String) -> Bool {
        asked.insert(name)
        let before = remaining.count
        remaining.removeAll { $0 == name || (name == "--help" && $0 == "-h") }
        return remaining.count < before
    }

    /// Removes every `--name VALUE` (or `--name=VALUE`) and returns the values in order.
    public mutating func values(_ name: String) throws(UsageError) -> [String] {
        asked.insert(name)
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value")
                }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Every `--name VALUE` (or `--name=VALUE`) value, in order, without taking them: what a check made before the
    /// command parses its arguments reads.
    public func peek(_ name: String) -> [String] {
        var found: [String] = []
        for (index, argument) in remaining.enumerated() {
            if argument == name, index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") {
                found.append(remaining[index + 1])
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
            }
        }
        return found
    }

    /// The last `--name VALUE`, if given.
    public mutating func value(_ name: String) throws(UsageError) -> String? { try values(name).last }

    /// The last `--name N` as an integer within `range`.
    public mutating func integer(_ name: String, in range: ClosedRange<Int>,
                                 note: String = "") throws(UsageError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to "
                             + "\(range.upperBound)\(note), not '\(text)'")
        }
        return number
    }

    /// Removes and returns arguments that are not flags.
    public mutating func positionals() -> [String] {
        let found = remaining.filter { !$0.hasPrefix("--") }
        remaining.removeAll { !$0.hasPrefix("--") }
        return found
    }

    /// What no call has taken yet, in order: flags a command passes on to another.
    public var rest: [String] { remaining }

    /// A list of what is left and `extra`, for another parser to read, that still knows the flags this one was asked
    /// about: a mistyped flag of the first command is matched against them too.
    public func handingOn(adding extra: [String] = []) -> ArgumentList {
        var list = ArgumentList(remaining + extra)
        list.asked = asked
        return list
    }

    /// Throws for anything left over: an unknown flag (with the asked-for flag it is nearest, when one is near) or a
    /// stray word.
    public func finish(command: String) throws(UsageError) {
        if let first = remaining.first {
            let flag = String(first.prefix { $0 != "=" })
            throw UsageError(first.hasPrefix("-") ? "unknown option '\(Console.visible(flag))' for "
                                                    + "'\(command)'\(Suggestion.phrase(for: flag, among: asked)) "
                                                    + "(see 'bench \(command) --help')"
                                                   : "unexpected argument '\(Console.visible(first))' for '\(command)'")
        }
    }
}
