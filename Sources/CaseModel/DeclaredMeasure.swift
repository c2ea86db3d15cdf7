/// A figure declared once: the column it is written under, its unit, which way is better and what it means. A case's
/// figures (``Measure``) and a feed's (``FeedMeasure``) are both declared this way, so the column contracts, the CSV
/// writers and the dashboard exports read either through the same four answers.
public protocol DeclaredMeasure: CaseIterable, Hashable, Sendable {
    /// The CSV column, and the name the exports give the figure.
    var column: String { get }
    var unit: MetricUnit { get }
    /// Which way is better; `nil` for a figure that describes what was played rather than judges it.
    var polarity: Polarity? { get }
    /// What the column holds, in one line.
    var meaning: String { get }
}

extension Measure: DeclaredMeasure {}
