import BenchCore
import BenchKit
import Testing

/// Issue 10: the gate judges the code, not the host's speed; and it judges the frames.
@Suite("Host speed and frames in the gate")
struct HostSpeedTests {
    static let thisHost = RunMetadata.current(command: "test")

    /// `report` as another host `speed` times slower would have measured it: every time and the calibration scaled.
    static func onHost(_ report: RunReport, slowerBy speed: Double, machineID: String? = nil) -> RunReport {
        var copy = report
        copy.results = copy.results.map { result in
            var result = result
            result[.cpuTotal] *= speed
            result[.wall] *= speed
            return result
        }
        copy.metadata.host?.calibrationSeconds? *= speed
        if let machineID { copy.metadata.host?.machineID = machineID }
        return copy
    }

    static func report(cpu: Double = 0.1) -> RunReport {
        var report = GateTests.syntheticReport(cpu: cpu, ratioToEager: 1.5, jitter: 0.01)
        report.metadata = thisHost
        return report
    }

    @Test("this host measures a calibration and a machine id, and matches itself")
    func identity() throws {
        let host = try #require(Self.thisHost.host)
        #expect((host.calibrationSeconds ?? 0) > 0)
        #expect(host.machineID?.count == 16)
        #expect(HostIdentity.match(baseline: Self.thisHost, current: Self.thisHost) == .same)
    }

    @Test("a report written to disk and read back is still from this host: the machine id survives the JSON round trip")
    func survivesTheFile() throws {
        let report = Self.report()
        let decoded = try JSONReporter.decode(try JSONReporter.render(report))
        #expect(decoded.metadata.host?.machineID == report.metadata.host?.machineID)
        #expect(decoded.metadata.host?.machineID != nil)
        #expect(HostIdentity.match(baseline: decoded.metadata, current: report.metadata).isSame)
    }

    @Test("another machine id, a calibration 15% away, or a baseline without identity is another host; 5% away is not")
    func matching() {
        var other = Self.thisHost
        other.host?.machineID = "0000000000000000"
        #expect(!HostIdentity.match(baseline: other, current: Self.thisHost).isSame)
        var slower = Self.thisHost
        slower.host?.calibrationSeconds? *= 1.15
        #expect(!HostIdentity.match(baseline: slower, current: Self.thisHost).isSame)
        var noisy = Self.thisHost
        noisy.host?.calibrationSeconds? *= 1.05
        #expect(HostIdentity.match(baseline: noisy, current: Self.thisHost).isSame)
        var old = Self.thisHost
        old.host = nil
        #expect(!HostIdentity.match(baseline: old, current: Self.thisHost).isSame)
    }

    @Test("a baseline from a host 0.7× or 1.4× this one's speed passes unless times are forced; the same host's fails")
    func hostSpeed() {
        let current = Self.report()
        for speed in [0.7, 1 / 1.4] {
            let baseline = Self.onHost(current, slowerBy: speed)
            let auto = Gate.compare(baseline: baseline, current: current)
            #expect(auto.passed, "\(auto.regressions.map(\.metric))")
            #expect(!auto.timesGated)
            #expect(Gate.compare(baseline: baseline, current: current, timeGating: .never).passed)
            let forced = Gate.compare(baseline: baseline, current: current, timeGating: .always)
            #expect(forced.regressions.contains { $0.metric == "cpu_total_s" })
        }
        // The same slowdown measured on this host (calibration unchanged) is a regression under the default.
        var slowerCode = Self.onHost(current, slowerBy: 1.4)
        slowerCode.metadata = Self.thisHost
        let sameHost = Gate.compare(baseline: current, current: slowerCode)
        #expect(sameHost.timesGated)
        #expect(sameHost.regressions.contains { $0.metric == "cpu_total_s" })
        #expect(Gate.compare(baseline: current, current: slowerCode, timeGating: .never).passed)
    }

    @Test("other frames for the same GIF bytes are a regression; other bytes are not compared")
    func frames() {
        var baseline = Self.report(), current = Self.report()
        for index in baseline.results.indices {
            baseline.results[index].framesHash = "00000000000000aa"
            baseline.results[index].gifBytesHash = "1111111111111111"
            current.results[index].framesHash = "00000000000000aa"
            current.results[index].gifBytesHash = "1111111111111111"
        }
        #expect(Gate.compare(baseline: baseline, current: current, timeGating: .never).passed)
        var wrong = current
        for index in wrong.results.indices where wrong.results[index].benchCase.decoder != .eager {
            wrong.results[index].framesHash = "00000000000000bb"
        }
        let outcome = Gate.compare(baseline: baseline, current: wrong, timeGating: .never)
        #expect(outcome.regressions.map(\.metric) == ["frames_hash"])
        #expect(outcome.regressions.first?.setting.hasPrefix("windowed") == true)
        var otherBytes = wrong
        for index in otherBytes.results.indices { otherBytes.results[index].gifBytesHash = "2222222222222222" }
        let other = Gate.compare(baseline: baseline, current: otherBytes, timeGating: .never)
        #expect(other.passed)
        #expect(other.comparisons.contains { $0.metric == "frames_hash" && $0.verdict == .notGated })
    }
}
