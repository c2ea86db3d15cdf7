import BenchPlan
import BenchReports
import BenchRunning
import BenchCLI
import CPosix
import FrameDecoders
import Foundation
import GIFCodec

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

    /// `--max-pixels N`, `--max-eager-bytes SIZE` and `--max-file-size SIZE`.
    static func limits(_ arguments: inout ArgumentList) throws(UsageError) -> DecodeLimits {
        var limits = DecodeLimits.default
        // The largest a GIF can state: 65 535 × 65 535.
        if let pixels = try arguments.integer("--max-pixels", in: 1...4_294_836_225) { limits.maxCanvasPixels = pixels }
        if let text = try arguments.value("--max-eager-bytes") {
            limits.maxEagerBytes = try ByteSize.parse(text, flag: "--max-eager-bytes", example: "4GiB")
        }
        if let text = try arguments.value("--max-file-size") {
            limits.maxFileBytes = try ByteSize.parse(text, flag: "--max-file-size", example: "512MiB")
        }
        return limits
    }

    /// The flags ``limits(_:)`` reads back as `limits`: a child's command line under the parent's limits.
    static func arguments(_ limits: DecodeLimits) -> [String] {
        ["--max-pixels", "\(limits.maxCanvasPixels)", "--max-eager-bytes", "\(limits.maxEagerBytes)",
         "--max-file-size", "\(limits.maxFileBytes)"]
    }

    /// The help lines of the flags ``limits(_:)`` and `--allow-special-files` read.
    /// The flags of a command that reads GIFs one at a time: the codec, the timeout and the limits.
    static let readingHelp = """
      --codec CODEC          LZW decoder: \(CodecOption.help)
      --timeout SECONDS      how long a pipe or FIFO may take to deliver its bytes (default: 300)
    \(limitsHelp)
    """

    static let limitsHelp = """
      --max-pixels N         refuse a GIF whose screen, or any frame, has more pixels than N (default: 100000000)
      --max-eager-bytes SIZE refuse to decode eagerly a GIF needing more than SIZE, e.g. 4GiB (default: 4GiB)
      --max-file-size SIZE   refuse to read more than SIZE from one file (default: 256MiB)
      --allow-special-files  read pipes, FIFOs and devices as well as regular files (up to --max-file-size, within
                             --timeout), e.g. --gif <(curl -s URL); by default only regular files are read
    """

    /// `values` without repeats, in first-seen order.
    static func distinct<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// `--corpus synthetic|real|all`, or nil when absent.
    static func corpus(_ arguments: inout ArgumentList) throws(UsageError) -> CorpusChoice? {
        try arguments.value("--corpus").map { text throws(UsageError) in
            guard let choice = CorpusChoice(rawValue: text) else { throw UsageError("--corpus takes synthetic, real or "
                                                                                    + "all, not '\(text)'") }
            return choice
        }
    }

    static func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// A number from 0 to 100 for a test knob.
    static func fraction(_ text: String?, flag: String) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value >= 0, value <= 100 else { throw UsageError("\(flag) takes a number from 0 to 100, not '\(text)'") }
        return value
    }

    /// A number within `range`, or one line stating the range.
    static func number(_ text: String?, flag: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(flag) takes a number from "
                             + "\(Format.fixed(range.lowerBound, digits: range.lowerBound < 1 ? 2 : 0)) to "
                             + "\(Format.fixed(range.upperBound, digits: 0)), not '\(text)'")
        }
        return value
    }
}
