import BenchCore
import Foundation
import GIFCodec
import GIFCorpus
import MemoryProbe

/// What tells one host from another when deciding whether absolute times may be compared: the installation's
/// machine id and the speed of a fixed workload measured in the same run. A CPU model string cannot: every
/// 2-core "AMD EPYC" virtual machine shows the same one, at speeds 30% apart.
public struct HostIdentity: Sendable, Codable, Hashable {
    /// FNV-1a 64 of `/etc/machine-id` (never the id itself, which systemd asks applications to keep private).
    public var machineID: String?
    /// CPU seconds of the calibration workload: the compositor over a fixed synthetic GIF, fastest of several tries.
    public var calibrationSeconds: Double?

    /// `machineId`: reports write keys in snake case and read them back in camel case, which turns `machineID` into
    /// `machine_id` into `machineId`; without this key a report read from disk lost its machine id, and every
    /// baseline counted as another host.
    enum CodingKeys: String, CodingKey {
        case machineID = "machineId", calibrationSeconds
    }

    public init(machineID: String?, calibrationSeconds: Double?) {
        self.machineID = machineID
        self.calibrationSeconds = calibrationSeconds
    }

    /// This host now. The calibration costs about a quarter of a second.
    public static func current() -> HostIdentity {
        HostIdentity(machineID: machineIDHash(), calibrationSeconds: try? calibrate())
    }

    /// Calibration figures further apart than this are different hosts (or one host under a different load).
    public static let calibrationTolerance = 0.10

    /// Whether `baseline` and `current` come from one host; when anything is missing or unclear, they do not.
    public static func match(baseline: RunMetadata, current: RunMetadata) -> HostMatch {
        guard let before = baseline.host, let now = current.host else { return .different("the baseline records no host identity") }
        guard let id = before.machineID, id == now.machineID else { return .different("another machine id") }
        guard baseline.cpuModel == current.cpuModel, baseline.cores == current.cores else { return .different("another CPU or core count") }
        guard let b = before.calibrationSeconds, let c = now.calibrationSeconds, b > 0, c > 0 else {
            return .different("no calibration to compare")
        }
        let change = c / b - 1
        guard abs(change) <= calibrationTolerance else {
            return .different("calibration \(Format.duration(b)) → \(Format.duration(c)) (\(Format.percent(change)))")
        }
        return .same
    }

    static func machineIDHash() -> String? {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !id.isEmpty, id != "uninitialized" else { continue }
            let hash = FrameHash(ofUTF8: "gif-frame-bench:\(id)")
            return hash.description
        }
        return nil
    }

    /// The fastest of 7 single-threaded compositor passes over a 320×240, 100-frame synthetic GIF.
    static func calibrate() throws -> Double {
        let spec = SyntheticCorpus.spec(named: "short-320x240x100")!
        let container = try GIFContainer(bytes: GIFBytes(try SyntheticCorpus.gif(for: spec)))
        var fastest = Double.infinity
        for _ in 0..<7 {
            let compositor = try Compositor(container: container)
            let start = CPUTimes.now().process
            for _ in 0..<container.frameCount { _ = compositor.advance() }
            fastest = min(fastest, CPUTimes.now().process - start)
        }
        return fastest
    }
}

/// The answer to "were these two reports made on one host?".
public enum HostMatch: Sendable, Hashable {
    case same
    /// Different, or not provably the same, with the reason.
    case different(String)

    public var isSame: Bool { self == .same }
}

/// When the gate compares absolute CPU and wall times with the baseline's.
public enum TimeGating: String, Sendable, CaseIterable {
    /// Only when ``HostIdentity/match(baseline:current:)`` says the baseline came from this host.
    case auto
    /// Never: report them only. What CI uses, where the host's speed is not the code's.
    case never
    /// Always: the user vouches that both runs come from one quiet host.
    case always

    /// Parses `--gate-times`.
    public init(parsing text: String) throws(UsageError) {
        guard let value = TimeGating(rawValue: text) else { throw UsageError("--gate-times takes auto, never or always, not '\(text)'") }
        self = value
    }
}
