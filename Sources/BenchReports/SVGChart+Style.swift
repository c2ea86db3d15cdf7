import BenchPlan
import BenchRunning
import Foundation

/// How a series is drawn: its colour, dash and marker.
extension SVGChart {
    /// A series' colour, dash and marker shape: colours cycle every 8, dashes every 4 and shapes every 7, so two
    /// series of the first 56 never look alike.
    struct Style {
        let index: Int
        var color: String { SVGChart.colors[index % SVGChart.colors.count] }
        var dashAttribute: String {
            let dash = SVGChart.dashes[(index / SVGChart.colors.count) % SVGChart.dashes.count]
            return dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
        }

        func marker(at x: Double, _ y: Double, hollow: Bool, class name: String) -> String {
            let paint = hollow ? "fill=\"white\" stroke=\"\(color)\" stroke-width=\"1.6\"" : "fill=\"\(color)\" stroke=\"\(color)\" stroke-width=\"1\""
            let r = 4.5
            func polygon(_ points: [(Double, Double)]) -> String {
                "<polygon class=\"\(name)\" "
                + "points=\"\(points.map { "\(f(x + $0.0)),\(f(y + $0.1))" }.joined(separator: " "))\" \(paint)/>"
            }
            switch index % 7 {
            case 0: return "<circle class=\"\(name)\" cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" \(paint)/>"
            case 1: return "<rect class=\"\(name)\" x=\"\(f(x - r))\" y=\"\(f(y - r))\" width=\"\(f(2 * r))\" "
                           + "height=\"\(f(2 * r))\" \(paint)/>"
            case 2: return polygon([(0, -r - 1), (r + 1, r), (-r - 1, r)])
            case 3: return polygon([(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)])
            case 4: return polygon([(0, r + 1), (r + 1, -r), (-r - 1, -r)])
            case 5: return polygon([(-1.6, -r), (1.6, -r), (1.6, -1.6), (r, -1.6), (r, 1.6), (1.6, 1.6), (1.6, r),
                                    (-1.6, r), (-1.6, 1.6), (-r, 1.6), (-r, -1.6), (-1.6, -1.6)])
            default:
                let h = r * 0.87
                return polygon([(-r, 0), (-r / 2, -h), (r / 2, -h), (r, 0), (r / 2, h), (-r / 2, h)])
            }
        }

        private func f(_ value: Double) -> String { Format.fixed(value, digits: 1) }
    }
}
