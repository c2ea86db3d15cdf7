import BenchRunning
import Foundation

/// Everything, for tools: metadata, every case with its memory timeline, and the summaries (``ReportJSON``).
public enum JSONReporter {
    public static func render(_ report: RunReport) throws -> Data { try ReportJSON.encode(report) }
}
