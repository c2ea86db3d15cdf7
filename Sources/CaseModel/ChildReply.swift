/// What a measuring child answers a ``ChildRequest`` to play with, in one Codable form on stdout: a case's result or a
/// feed's. The parent reads this one type whatever it asked for, and a reply of the other kind is a failed child.
public enum ChildReply: Sendable, Codable {
    case played(result: CaseResult)
    case fed(result: FeedResult)

    /// The case's result; nil for a feed's.
    public var caseResult: CaseResult? {
        if case .played(let result) = self { return result }
        return nil
    }

    /// The feed's result; nil for a case's.
    public var feedResult: FeedResult? {
        if case .fed(let result) = self { return result }
        return nil
    }
}
