import BenchCore
import GIFCodec

/// Human-readable facts about one GIF's container, and its per-frame hashes.
public enum GIFInspection {
    /// The container facts as lines of text: screen, loop count, then one line per frame.
    public static func describe(_ container: GIFContainer, fileName: String, limits: DecodeLimits = .default,
                                codec: LZWCodec = .default) -> [String] {
        var lines = [
            "file: \(fileName)",
            "size: \(container.bytes.count) bytes",
            "screen: \(container.width)x\(container.height), global palette: \(container.globalPalette.map { "\($0.colors.count) colours" } ?? "none")",
            "frames: \(container.frameCount)",
            "loop: \(container.loopCount) (NETSCAPE2.0 \(container.netscapeLoopValue.map(String.init) ?? "absent"))",
            "decoded size: \(container.frameBytes) bytes per frame, \(container.frameBytes * container.frameCount) bytes for all frames",
        ]
        if container.truncated { lines.append("truncated: yes (the file ends before its trailer; frames before the cut play, the cut frame as far as its data goes)") }
        if let playability = try? Playability.check(container, limits: limits, codec: codec), playability.partialFrames + playability.failedFrames > 0 {
            lines.append("damaged frames: \(playability.partialFrames) drawn in part, \(playability.failedFrames) not at all (first: \(playability.firstFailure.map { "\($0)" } ?? "-"))")
        }
        if container.trailingBytes > 0 { lines.append("trailing bytes: \(container.trailingBytes)") }
        lines.append("index  rect                  disposal     delay_raw_ms  delay_effective_ms  interlaced  palette    transparent")
        for (index, frame) in container.frames.enumerated() {
            let palette = frame.localPalette.map { "local \($0.colors.count)" } ?? (container.globalPalette == nil ? "none" : "global")
            let columns = [
                pad(String(index), 6), pad(frame.rect.description, 21), pad("\(frame.rawDisposal) \(frame.disposal)", 12),
                pad(String(frame.delay.rawMilliseconds), 13), pad(String(frame.delay.effectiveMilliseconds), 19),
                pad(frame.interlaced ? "yes" : "no", 11), pad(palette, 10),
                frame.transparentIndex.map(String.init) ?? "-",
            ]
            lines.append(columns.joined(separator: " ") + (frame.truncated ? "  (truncated)" : ""))
        }
        return lines
    }

    /// One `<index> <hash>` line per frame, composited in playback order.
    public static func hashLines(_ container: GIFContainer, limits: DecodeLimits = .default,
                                 codec: LZWCodec = .default) throws(GIFError) -> [String] {
        let compositor = try Compositor(container: container, limits: limits, codec: codec)
        return (0..<container.frameCount).map { index in
            compositor.advance()
            return "\(index) \(FrameHash(of: compositor.pixels))"
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
