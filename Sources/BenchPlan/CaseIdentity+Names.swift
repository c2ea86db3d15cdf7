import CaseModel

extension CaseIdentity {
    /// How the case was played, in words: the decoder, the policy that chose it, and every way of playing that is not
    /// the default (real time and its speed and refresh, CPUs, mapped bytes, the giflib codec).
    public var setting: String {
        var setting = decoderLabel
        if mode == .realtime {
            setting += ", realtime \(Format.fixed(speed, digits: 2))×"
            if refreshHz != 60 { setting += " at \(Format.fixed(refreshHz, digits: 0)) Hz" }
        }
        if let device { setting += ", \(device)" }
        if let display { setting += ", display \(display)" }
        if let memoryWarningAt { setting += ", memory warning at \(Format.fixed(memoryWarningAt, digits: 2)) s" }
        if let cpus { setting += ", \(cpus) CPU" }
        if byteSource == .mmap { setting += ", mmap" }
        if codec != .default { setting += ", \(codec) LZW" }
        if planted.extraWorkPerFrame > 0 { setting += ", planted slowdown "
                                                      + "\(Format.fixed(planted.extraWorkPerFrame, digits: 3))" }
        if planted.leakBytes > 0 { setting += ", planted leak \(Format.bytes(Double(planted.leakBytes)))" }
        if planted.pageFaultBytes > 0 { setting += ", planted page faults "
                                                   + "\(Format.bytes(Double(planted.pageFaultBytes)))/loop" }
        return setting
    }

    /// A name that stays the same from run to run and differs between any two cases of a report: what dashboards key
    /// their series by.
    public var stableName: String { "\(gif) · \(setting) · \(loops) loop\(loops == 1 ? "" : "s")" }
}
