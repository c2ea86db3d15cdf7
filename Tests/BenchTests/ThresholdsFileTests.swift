import BenchPlan
import BenchVerdicts
import Foundation
import Testing

/// A thresholds file (`--thresholds`) is refused in one line when it cannot mean one thing (issue 47).
@Suite("Thresholds files")
struct ThresholdsFileTests {
    static let rule = #"{"metric": "cpu_total_s", "kind": "relative", "limit": 0.05, "minimumAbsoluteChange": 0, "machineDependent": false, "minimumCPUSeconds": 0}"#
    static let negative = #"{"metric": "cpu_total_s", "kind": "relative", "limit": 0.05, "minimumAbsoluteChange": -1, "machineDependent": false, "minimumCPUSeconds": 0}"#
    static let head = #"{"schema": "gif-frame-bench-thresholds/1", "confidence": 0.95, "rules": "#

    @Test("two rules for one figure, a negative minimumAbsoluteChange, and a paired rule for another figure (named as the file spells it) are refused",
          arguments: [
              (ThresholdsFileTests.head + "[\(ThresholdsFileTests.rule), \(ThresholdsFileTests.rule)]}", "two rules judge cpu_total_s"),
              (ThresholdsFileTests.head + "[\(ThresholdsFileTests.negative)]}", "minimumAbsoluteChange must be at least 0"),
              (ThresholdsFileTests.head + "[\(ThresholdsFileTests.rule)], " + #""paired": [{"metric": "jemalloc_allocated_peak_bytes", "limit": 0.01, "minimumCPUSeconds": 0}]}"#,
               "not 'jemalloc_allocated_peak_bytes'"),
          ])
    func refused(json: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { _ = try Thresholds.load(path) } throws: { error in
            let line = (error as? UsageError)?.description ?? "\(error)"
            return line.contains(message) && !line.contains("\n")
        }
    }

    @Test("one rule a figure loads")
    func accepted() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString).json").path
        try Data((Self.head + "[\(Self.rule)]}").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Thresholds.load(path).rules.count == 1)
    }
}
