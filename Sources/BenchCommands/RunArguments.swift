import BenchPlan
import BenchRunning
import BenchCLI
import CPosix
import FrameDecoders
import Foundation

/// Parsing of the values `bench run` takes, shared by the commands that take the same flags.
extension RunCommand {
    /// `--device NAME` and its overrides `--device-memory SIZE` and `--device-free SIZE`; either override alone
    /// describes a `custom` device (free memory a third of physical unless given).
    static func device(_ arguments: inout ArgumentList) throws(UsageError) -> Device? {
        let name = try arguments.value("--device")
        let memory = try arguments.value("--device-memory").map { text throws(UsageError) in
            try ByteSize.parse(text, flag: "--device-memory", example: "4GiB")
        }
        let free = try arguments.value("--device-free").map { text throws(UsageError) in
            try ByteSize.parse(text, flag: "--device-free", example: "1GiB")
        }
        guard name != nil || memory != nil || free != nil else { return nil }
        var device = try name.map { text throws(UsageError) in try Device.named(text) }
            ?? Device(name: "custom", physicalBytes: 0, freeBytes: 0, refreshHz: 60, cores: 6,
                      source: "--device-memory, --device-free")
        if let memory {
            device.physicalBytes = UInt64(memory)
            if free == nil { device.freeBytes = UInt64(memory) / 3 }
        }
        if let free { device.freeBytes = UInt64(free) }
        guard device.physicalBytes > 0 else { throw UsageError("--device-free needs --device NAME or "
                                                               + "--device-memory SIZE") }
        guard device.freeBytes <= device.physicalBytes else {
            throw UsageError("--device-free (\(ByteSize.format(Int(device.freeBytes)))) is more than the device's "
                             + "memory (\(ByteSize.format(Int(device.physicalBytes))))")
        }
        return device
    }

    /// A memory warning must come while every GIF is still playing, at every speed.
    static func checkMemoryWarning(_ suite: Suite, _ files: CorpusFiles) throws(UsageError) {
        guard let at = suite.memoryWarningAt, let fastest = suite.speeds.max() else { return }
        // The warning goes out at a display tick before a frame is shown, so the last it can reach is the last frame's
        // (the end of playback less the last frame's delay); a little slack keeps 0.3 from missing 3 × 0.1.
        for input in suite.inputs {
            let known = files.gifFacts[input.name]
            let playback = Double(suite.loops) * (known?.loopSeconds ?? 0) / fastest
            let lastTick = playback - (known?.lastFrameSeconds ?? 0) / fastest
            if at > lastTick + 1e-9 {
                throw UsageError("--memory-warning-at \(Format.fixed(at, digits: 3)) s comes after \(input.name)'s "
                                 + "last frame is shown "
                                 + "(at \(Format.fixed(lastTick, digits: 3)) s of \(Format.fixed(playback, digits: 3)) "
                                 + "s: \(suite.loops) loop\(suite.loops == 1 ? "" : "s") at speed "
                                 + "\(Format.fixed(fastest, digits: 2)))")
            }
        }
    }

    /// A `--display` size, or one line saying what the flag takes (and that `full` is allowed, where it is).
    static func displaySize(_ text: String, orFull: Bool) throws(UsageError) -> DisplaySize {
        guard let size = DisplaySize(parsing: text) else {
            throw UsageError("--display takes the view's size in pixels as WxH, each side 1 to 65535 (e.g. "
                             + "320x320)\(orFull ? ", or 'full'" : ""), not '\(text)'")
        }
        return size
    }
}
