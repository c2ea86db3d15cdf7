import CaseModel
import Foundation

/// `--filter PATTERN`: the cases whose stable name (`GIF · setting · loops`, as the dashboards name them) matches a
/// regular expression, case-insensitive, as package-benchmark's `--filter` selects benchmarks.
public struct CaseFilter {
    public let pattern: String
    private let expression: NSRegularExpression

    public init(_ pattern: String) throws(UsageError) {
        if Self.repeatsARepetition(pattern) {
            throw UsageError("--filter '\(Console.visible(pattern))' repeats a group that itself repeats (as '(a*)*' "
                             + "does), which can take "
                             + "exponential time on one name; write it without the nested repetition")
        }
        do {
            expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        } catch {
            throw UsageError("--filter '\(pattern)' is not a regular expression")
        }
        self.pattern = pattern
    }

    /// Whether `pattern` has a group holding a quantifier that is itself quantified (`(a+)*`, `(.*x)+`, `(a*){2,}`):
    /// the shape that makes a backtracking matcher take exponential time. Escapes and bracket expressions are skipped.
    static func repeatsARepetition(_ pattern: String) -> Bool {
        let characters = Array(pattern)
        var groups: [Bool] = []  // per open group: whether it holds a quantifier so far
        var lastClosedHeldQuantifier = false
        var index = 0
        func isQuantifier(at position: Int) -> Bool {
            guard position < characters.count else { return false }
            switch characters[position] {
            case "*", "+": return true
            case "{": return position + 1 < characters.count && characters[position + 1].isNumber
            default: return false
            }
        }
        while index < characters.count {
            let character = characters[index]
            var closedHere = false
            switch character {
            case "\\": index += 1
            case "[":
                // A bracket expression: its characters are literals up to the closing bracket.
                index += 1
                if index < characters.count, characters[index] == "^" { index += 1 }
                if index < characters.count, characters[index] == "]" { index += 1 }
                while index < characters.count, characters[index] != "]" {
                    if characters[index] == "\\" { index += 1 }
                    index += 1
                }
            case "(": groups.append(false)
            case ")":
                lastClosedHeldQuantifier = groups.popLast() ?? false
                closedHere = true
            default:
                if isQuantifier(at: index), !groups.isEmpty { groups[groups.count - 1] = true }
            }
            if closedHere, isQuantifier(at: index + 1), lastClosedHeldQuantifier { return true }
            if closedHere, !groups.isEmpty, lastClosedHeldQuantifier { groups[groups.count - 1] = true }
            index += 1
        }
        return false
    }

    public func matches(_ benchCase: BenchCase) -> Bool {
        let name = benchCase.identity.stableName
        return expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }

    /// The cases that match; one line when none does.
    public func select(_ cases: [BenchCase]) throws(UsageError) -> [BenchCase] {
        let selected = cases.filter(matches)
        guard !selected.isEmpty else {
            let example = cases.first.map { " (names read like '\($0.identity.stableName)')" } ?? ""
            throw UsageError("--filter '\(pattern)' matches none of the \(cases.count) cases\(example)")
        }
        return selected
    }
}
