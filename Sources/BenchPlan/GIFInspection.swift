import Foundation
import GIFCodec

/// Human-readable facts about one GIF's container, and its per-frame hashes.
public enum GIFInspection {
    /// The container facts as lines of text: screen, loop count, then one line per frame.
    /// `playability` is the caller's check when it made one (every frame composited once), so it is not done twice.
    public static func describe(_ container: GIFContainer, fileName: String, limits: DecodeLimits = .default,
                                codec: LZWCodec = .default, playability: Playability? = nil) -> [String] {
        var lines = [
            "file: \(fileName)",
            "size: \(container.bytes.count) bytes",
            "screen: \(container.width)x\(container.height), global palette: "
            + "\(container.globalPalette.map { "\($0.colors.count) colours" } ?? "none")",
            "frames: \(container.frameCount)",
            "loop: \(container.loopCount) (NETSCAPE2.0 \(container.netscapeLoopValue.map(String.init) ?? "absent"))",
            "decoded size: \(container.frameBytes) bytes per frame (\(Format.bytes(Double(container.frameBytes)))), "
                + "\(container.frameBytes * container.frameCount) bytes for all frames "
                + "(\(Format.bytes(Double(container.frameBytes * container.frameCount))))",
            "loop length: \(Format.fixed(container.frames.reduce(0) { $0 + $1.delay.effectiveSeconds }, digits: 2)) "
            + "s of animation "
                + "(the effective delays, as browsers play them)",
        ]
        if container.truncated { lines.append("truncated: yes (the file ends before its trailer; frames before the cut "
                                              + "play, the cut frame as far as its data goes)") }
        if let playability = playability ?? (try? Playability.check(container, limits: limits, codec: codec)), playability.partialFrames + playability.failedFrames > 0 {
            lines.append("damaged frames: \(playability.partialFrames) drawn in part, \(playability.failedFrames) not "
                         + "at all (first: \(playability.firstFailure.map { "\($0)" } ?? "-"))")
        }
        if container.trailingBytes > 0 { lines.append("trailing bytes: \(container.trailingBytes)") }
        let header = ["index", "rect", "disposal", "delay_raw_ms", "delay_effective_ms", "interlaced", "palette",
                      "transparent"]
        let rows = container.frames.enumerated().map { index, frame in
            [String(index), frame.rect.description, "\(frame.rawDisposal) \(frame.disposal)",
             String(frame.delay.rawMilliseconds), String(frame.delay.effectiveMilliseconds),
             frame.interlaced ? "yes" : "no", paletteName(frame, in: container),
             frame.transparentIndex.map(String.init) ?? "-"]
        }
        lines += FrameTable.lines(header: header, rows: rows,
                                  notes: container.frames.map { $0.truncated ? "  (truncated)" : "" })
        return lines
    }

    /// The container facts as one JSON document, for scripts (`bench inspect --json`).
    public static func json(_ container: GIFContainer, fileName: String, limits: DecodeLimits = .default,
                            codec: LZWCodec = .default, playability: Playability? = nil) throws -> String {
        let playability = playability ?? (try? Playability.check(container, limits: limits, codec: codec))
        let facts = Facts(
            file: fileName, format: "gif", sizeBytes: container.bytes.count, width: container.width,
            height: container.height,
            globalPaletteColors: container.globalPalette?.colors.count, frameCount: container.frameCount,
            loop: "\(container.loopCount)", netscapeLoopValue: container.netscapeLoopValue.map(Int.init),
            frameBytes: container.frameBytes, allFramesBytes: container.frameBytes * container.frameCount,
            truncated: container.truncated, trailingBytes: container.trailingBytes,
            partialFrames: playability?.partialFrames ?? 0, failedFrames: playability?.failedFrames ?? 0,
            frames: container.frames.enumerated().map { index, frame in
                Facts.Frame(index: index, left: frame.rect.left, top: frame.rect.top, width: frame.rect.width,
                            height: frame.rect.height, disposal: "\(frame.disposal)",
                            disposalRaw: Int(frame.rawDisposal),
                            delayRawMs: frame.delay.rawMilliseconds,
                            delayEffectiveMs: frame.delay.effectiveMilliseconds,
                            interlaced: frame.interlaced, palette: paletteName(frame, in: container),
                            transparentIndex: frame.transparentIndex.map(Int.init), truncated: frame.truncated)
            })
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(facts), as: UTF8.self)
    }

    /// What `bench inspect --json` prints: the same facts as the text form, keys in snake_case.
    struct Facts: Encodable {
        struct Frame: Encodable {
            let index, left, top, width, height: Int
            let disposal: String
            let disposalRaw, delayRawMs, delayEffectiveMs: Int
            let interlaced: Bool
            let palette: String
            let transparentIndex: Int?
            let truncated: Bool
        }
        let file, format: String
        let sizeBytes, width, height: Int
        let globalPaletteColors: Int?
        let frameCount: Int
        let loop: String
        let netscapeLoopValue: Int?
        let frameBytes, allFramesBytes: Int
        let truncated: Bool
        let trailingBytes, partialFrames, failedFrames: Int
        let frames: [Frame]
    }

    private static func paletteName(_ frame: FrameRecord, in container: GIFContainer) -> String {
        frame.localPalette.map { "local \($0.colors.count)" } ?? (container.globalPalette == nil ? "none" : "global")
    }
}
