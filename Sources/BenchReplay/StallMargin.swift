/// How much slower every frame's decode could be before a setting first stalls or drops a frame: a slower device, or
/// a CPU shared with other work. Found by bisection over the replay with each traced cost scaled by the same factor
/// (``FrameCostTrace/scaled(by:)``), not by playing faster, which also changes what the display can show.
public struct StallMargin: Sendable, Hashable, Codable {
    /// The largest slowdown found to play smoothly; nil when the setting stalls or drops frames even with decodes
    /// ``fastestSearched`` times faster (a player that decodes only the frame due, say).
    public var smoothUpTo: Double?
    /// The smallest slowdown found to stall or drop a frame; nil when none up to ``slowestSearched`` does (a player
    /// that decodes every frame before it shows one).
    public var roughFrom: Double?

    /// Bisection stops once the two bounds are this close: the margin is known to within 3%.
    public static let resolution = 1.03
    /// The slowdowns searched: 1,024 times slower to 1,024 times faster.
    public static let slowestSearched = 1024.0
    public static let fastestSearched = 1.0 / 1024

    public init(smoothUpTo: Double?, roughFrom: Double?) {
        self.smoothUpTo = smoothUpTo
        self.roughFrom = roughFrom
    }

    /// No slowdown searched stalls the setting.
    public var isUnbounded: Bool { roughFrom == nil }

    /// Finds the margin of a setting that `playsSmoothly` replays at a given slowdown. After 1, it asks the far end
    /// of the search (1,024× slower when 1 plays smoothly, 1,024× faster when it does not), so a setting no slowdown
    /// stalls costs two replays; then it bisects on a logarithmic scale until the bounds are within ``resolution``:
    /// at most ten replays in all.
    public static func find<E: Error>(_ playsSmoothly: (Double) throws(E) -> Bool) throws(E) -> StallMargin {
        var smooth: Double
        var rough: Double
        if try playsSmoothly(1) {
            guard try !playsSmoothly(slowestSearched) else {
                return StallMargin(smoothUpTo: slowestSearched, roughFrom: nil)
            }
            (smooth, rough) = (1, slowestSearched)
        } else {
            guard try playsSmoothly(fastestSearched) else { return StallMargin(smoothUpTo: nil, roughFrom: fastestSearched) }
            (smooth, rough) = (fastestSearched, 1)
        }
        while rough / smooth > resolution {
            let middle = (smooth * rough).squareRoot()
            if try playsSmoothly(middle) { smooth = middle } else { rough = middle }
        }
        return StallMargin(smoothUpTo: smooth, roughFrom: rough)
    }
}
