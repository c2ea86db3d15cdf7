/// The words a warm worker and the paired gate exchange, one per line (``PassFigures`` carries a pass's answer).
/// A version change means a gate cannot drive the other side's worker, and falls back to rounds of fresh processes.
public enum PassProtocol {
    /// The protocol's version, said after `ready`.
    public static let version = 1
    /// The worker's first line, once its file is loaded: `ready VERSION`.
    public static let ready = "ready"
    /// The gate's request for one measured pass, and the first word of the answer.
    public static let pass = "pass"
    /// The gate's request to end the worker.
    public static let quit = "quit"
    /// The first word of the worker's last line when it cannot go on.
    public static let error = "error"
}

/// What one warm pass cost: CPU of every thread, wall time, and the counts the kernel keeps.
public struct PassFigures: Sendable, Hashable {
    /// `CLOCK_PROCESS_CPUTIME_ID` over the pass, seconds.
    public var cpuSeconds: Double
    public var wallSeconds: Double
    /// `ru_minflt` over the pass.
    public var minorFaults: Double
    /// `ru_nvcsw` over the pass.
    public var voluntarySwitches: Double

    public init(cpuSeconds: Double, wallSeconds: Double, minorFaults: Double, voluntarySwitches: Double) {
        self.cpuSeconds = cpuSeconds
        self.wallSeconds = wallSeconds
        self.minorFaults = minorFaults
        self.voluntarySwitches = voluntarySwitches
    }

    /// `pass CPU WALL FAULTS SWITCHES`.
    public var line: String {
        "\(PassProtocol.pass) \(cpuSeconds) \(wallSeconds) \(Int(minorFaults)) \(Int(voluntarySwitches))"
    }

    /// Reads ``line``'s form; nil for anything else.
    public init?(line: String) {
        let words = line.split(separator: " ")
        guard words.count == 5, words[0] == PassProtocol.pass, let cpu = Double(words[1]), let wall = Double(words[2]),
            let faults = Double(words[3]), let switches = Double(words[4]), cpu >= 0, wall >= 0, faults >= 0,
            switches >= 0
        else { return nil }
        self.init(cpuSeconds: cpu, wallSeconds: wall, minorFaults: faults, voluntarySwitches: switches)
    }
}
