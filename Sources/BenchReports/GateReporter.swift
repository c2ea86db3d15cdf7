import CaseModel
import BenchPlan
import BenchRunning
import BenchVerdicts

/// The gate's verdicts as Markdown: a full table per GIF and setting, or a short summary for a pull request.
public enum GateReporter {
    public static func render(_ outcome: GateOutcome, baseline: RunMetadata, current: RunMetadata) -> String {
        var out = ["# Comparison with the baseline", "",
                   "Baseline: \(baseline.date), commit \(baseline.gitCommit ?? "none"), \(baseline.cpuModel), "
                   + "\(baseline.cores) cores.",
                   "Current: \(current.date), commit \(current.gitCommit ?? "none"), \(current.cpuModel), "
                   + "\(current.cores) cores.",
                   ""]
        out += [hostLine(outcome), ""]
        out.append(headline(outcome))
        out.append("")
        out += resolutionLines(outcome)
        var scopes: [Comparison.Scope] = [], rows: [Comparison.Scope: [Comparison]] = [:]
        for comparison in outcome.comparisons {
            if rows[comparison.scope] == nil { scopes.append(comparison.scope) }
            rows[comparison.scope, default: []].append(comparison)
        }
        for scope in scopes {
            let group = rows[scope] ?? []
            out += ["## \(MarkdownReporter.cell(group[0].gif)) · \(MarkdownReporter.cell(group[0].setting))", "",
                    "| metric | baseline | current | change | verdict | smallest caught |",
                    "|---|---:|---:|---:|---|---:|"]
            out += group.map(line)
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// Only what changed beyond noise, worst first: fit for a pull-request comment.
    public static func summary(_ outcome: GateOutcome) -> String {
        let changed = outcome.brokenCases + (outcome.strict ? outcome.unjudged : []) + outcome.regressions.sorted { ($0.change ?? 0) > ($1.change ?? 0) }
            + outcome.improvements.sorted { ($0.change ?? 0) < ($1.change ?? 0) }
        var out = ["### GIF Frame Bench", "", headline(outcome),
                   ""] + resolutionLines(outcome) + [hostLine(outcome), ""]
        guard !changed.isEmpty else { return (out + ["Nothing changed beyond noise.", ""]).joined(separator: "\n") }
        out += ["| gif | setting | metric | baseline | current | change | verdict | smallest caught |",
                "|---|---|---|---:|---:|---:|---|---:|"]
        for row in changed {
            out.append("| \(MarkdownReporter.cell(row.gif)) | \(row.setting) | \(cells(row).joined(separator: " | ")) |")
        }
        return (out + [""]).joined(separator: "\n")
    }

    /// How CPU was judged; memory, malloc counts and frames always are.
    static func hostLine(_ outcome: GateOutcome) -> String {
        "> \(outcome.cpuScope). Memory, malloc counts and frames are gated against the baseline's figures."
    }

    static func headline(_ outcome: GateOutcome) -> String {
        let regressions = outcome.regressions.count, improvements = outcome.improvements.count
        var broken: [String] = outcome.incomplete ? ["**the run is incomplete (interrupted)**"] : []
        if !outcome.shortfalls.isEmpty { broken.append("**the run is incomplete: \(outcome.shortfalls[0])**") }
        if outcome.strict && !outcome.unjudged.isEmpty {
            broken.append("**\(outcome.unjudged.count) figure\(outcome.unjudged.count == 1 ? "" : "s") not judged**")
        }
        let failed = outcome.brokenCases.filter { $0.verdict == .failed }.count, missing = outcome.brokenCases.count - failed
        if failed > 0 { broken.append("**\(failed) failed case\(failed == 1 ? "" : "s")**") }
        if missing > 0 { broken.append("**\(missing) baseline case\(missing == 1 ? "" : "s") missing**") }
        let prefix = broken.isEmpty ? "" : broken.joined(separator: ", ") + "; "
        if regressions == 0 {
            let scope = broken.isEmpty ? "" : " in what ran"
            return prefix + "**No regression**\(scope) (\(improvements) improvement\(improvements == 1 ? "" : "s") "
                            + "beyond noise)."
        }
        let names = Set(outcome.regressions.map { "\($0.gif) \($0.metric)" }).sorted().prefix(5).joined(separator: ", ")
        return prefix + "**\(regressions) regression\(regressions == 1 ? "" : "s")**: \(names)."
    }

    /// What the gate could have caught, figure by figure: the range of its rows' resolutions, so that "no regression"
    /// never stands alone. A paired interval's resolution is the band plus the interval's half-width.
    static func resolutionLines(_ outcome: GateOutcome) -> [String] {
        var order: [String] = [], relative: [String: [Double]] = [:], absolute: [String: (Double, MetricUnit)] = [:]
        for row in outcome.comparisons where [.withinNoise, .improved, .regressed].contains(row.verdict) {
            let name = "\(row.metric)"
            switch row.resolution {
            case .relative(let value)?:
                if relative[name] == nil && absolute[name] == nil { order.append(name) }
                relative[name, default: []].append(value)
            case .absolute(let value)?:
                if relative[name] == nil && absolute[name] == nil { order.append(name) }
                absolute[name] = (value, row.unit)
            case nil:
                continue
            }
        }
        guard !order.isEmpty else { return [] }
        let parts = order.map { name -> String in
            if let values = relative[name], let low = values.min(), let high = values.max() {
                let range = Format.percent(low) == Format.percent(high) ? Format.percent(low) : "\(Format.percent(low)) to \(Format.percent(high))"
                return "`\(name)` \(range)"
            }
            let (value, unit) = absolute[name]!
            return "`\(name)` +\(unit.format(value))"
        }
        return ["Smallest regression each judged figure could have caught here (by row: its rule's band, and "
                + "an interval's "
                + "half-width): " + parts.joined(separator: "; ") + ".", ""]
    }

    static func line(_ row: Comparison) -> String { "| " + cells(row).joined(separator: " | ") + " |" }

    static func cells(_ row: Comparison) -> [String] {
        let change = row.change.map { value -> String in
            let text = value.isFinite ? Format.percent(value) : "new"
            guard let interval = row.interval else { return text }
            return text + " [\(Format.percent(interval.lower)), \(Format.percent(interval.upper))]"
        } ?? ""
        let caught: String
        switch row.resolution {
        case .relative(let value)?: caught = Format.percent(value)
        case .absolute(let value)?: caught = "+" + row.unit.format(value)
        case nil: caught = ""
        }
        return ["\(row.metric)", row.baseline.map { row.unit.format($0) } ?? "",
                row.current.map { row.unit.format($0) } ?? "", change,
                ([.regressed, .failed, .missing, .unjudged].contains(row.verdict) ? "**\(row.verdict.rawValue)**" : row.verdict.rawValue) + (row.note.map { " (\($0))" } ?? ""),
                caught]
    }
}
