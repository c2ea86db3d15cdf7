import Foundation
import WebPCodec

/// Human-readable facts about one WebP's container (`bench inspect x.webp`), and its per-frame hashes.
public enum WebPInspection {
    /// The container facts as lines: canvas, loop count, then one line per frame.
    public static func describe(_ animation: WebPAnimation, fileName: String) -> [String] {
        let kinds = Set(animation.frames.map { $0.isLossless.map { $0 ? "lossless" : "lossy" } ?? "unknown" }).sorted()
        let all = animation.frameBytes * animation.frames.count
        let background = String(animation.backgroundColor, radix: 16, uppercase: true)
        var lines = [
            "file: \(fileName)",
            "size: \(animation.bytes.count) bytes",
            "format: WebP, \(animation.frames.count == 1 ? "still (played as one frame)" : "animated"), "
            + "\(kinds.joined(separator: " and ")) frames",
            "canvas: \(animation.width)x\(animation.height)",
            "frames: \(animation.frames.count)",
            "loop: \(animation.storedLoopCount == 0 ? "forever" : "\(animation.storedLoopCount) times") (ANIM loop "
            + "count \(animation.storedLoopCount))",
            "background: 0x\(String(repeating: "0", count: max(0, 8 - background.count)) + background) in the ANIM "
            + "chunk (BGRA), "
                + "not drawn: the canvas starts transparent, as browsers draw it",
            "decoded size: \(animation.frameBytes) bytes per frame (\(Format.bytes(Double(animation.frameBytes)))), "
                + "\(all) bytes for all frames (\(Format.bytes(Double(all))))",
            "loop length: \(Format.fixed(animation.loopSeconds, digits: 2)) s of animation (the durations as stored)",
        ]
        let header = ["index", "rect", "dispose", "blend", "duration_ms", "alpha", "coding"]
        let rows = animation.frames.enumerated().map { index, frame in
            [String(index), "\(frame.width)x\(frame.height)+\(frame.x)+\(frame.y)",
             frame.disposesToBackground ? "background" : "none", frame.blends ? "yes" : "no",
             String(frame.durationMilliseconds), frame.hasAlpha ? "yes" : "no",
             frame.isLossless.map { $0 ? "lossless" : "lossy" } ?? "-"]
        }
        lines += FrameTable.lines(header: header, rows: rows)
        return lines
    }

    /// The container facts as one JSON object (`bench inspect x.webp --json`): snake_case keys, as for a GIF, with
    /// `format` "webp" and WebP's own per-frame fields (`blend`, `dispose`, `coding`).
    public static func json(_ animation: WebPAnimation, fileName: String) throws -> String {
        let facts = Facts(
            file: fileName, format: "webp", sizeBytes: animation.bytes.count, width: animation.width,
            height: animation.height,
            frameCount: animation.frames.count,
            loop: animation.storedLoopCount == 0 ? "forever" : "\(animation.storedLoopCount) plays",
            animLoopCount: animation.storedLoopCount, backgroundBgra: animation.backgroundColor,
            frameBytes: animation.frameBytes, allFramesBytes: animation.frameBytes * animation.frames.count,
            loopMs: animation.frames.reduce(0) { $0 + $1.durationMilliseconds },
            frames: animation.frames.enumerated().map { index, frame in
                Facts.Frame(index: index, left: frame.x, top: frame.y, width: frame.width, height: frame.height,
                            dispose: frame.disposesToBackground ? "background" : "none", blend: frame.blends,
                            durationMs: frame.durationMilliseconds, alpha: frame.hasAlpha,
                            coding: frame.isLossless.map { $0 ? "lossless" : "lossy" })
            })
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(facts), as: UTF8.self)
    }

    /// What `bench inspect x.webp --json` prints.
    struct Facts: Encodable {
        struct Frame: Encodable {
            let index, left, top, width, height: Int
            let dispose: String
            let blend: Bool
            let durationMs: Int
            let alpha: Bool
            /// nil when the frame's bitstream could not be told (a damaged frame).
            let coding: String?
        }
        let file, format: String
        let sizeBytes, width, height, frameCount: Int
        let loop: String
        let animLoopCount: Int
        let backgroundBgra: UInt32
        let frameBytes, allFramesBytes, loopMs: Int
        let frames: [Frame]
    }
}
