import CaseModel
import BenchCore
import Foundation

/// `--filter PATTERN`: the cases whose stable name (`GIF · setting · loops`, as the dashboards name them) matches a
/// regular expression, case-insensitive, as package-benchmark's `--filter` selects benchmarks.
public struct CaseFilter {
    public let pattern: String
    private let expression: NSRegularExpression

    public init(_ pattern: String) throws(UsageError) {
        do {
            expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        } catch {
            throw UsageError("--filter '\(pattern)' is not a regular expression")
        }
        self.pattern = pattern
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
