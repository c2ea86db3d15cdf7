import CaseModel
import BenchPlan
import BenchRunning

/// The cache scenario's CSV and Markdown: costs of each store path and load, and the fidelity table.
public enum CacheReporter {
    static let columns = ["gif", "frames", "file_bytes", "store_original_s", "store_original_bytes",
                          "store_reencoded_s", "store_reencoded_bytes"]
        + CacheMeasurement.loads.map { "first_frame_\($0.replacingOccurrences(of: "-", with: "_"))_s" }
        + CacheMeasurement.loads.map { "heap_at_first_frame_\($0.replacingOccurrences(of: "-", with: "_"))_bytes" }
        + ["reencoded_first_byte", "reencoded_format", "frames_kept", "delays_kept", "loop_kept", "pixels_kept",
           "quantised_frames", "original_byte_identical", "original_format"]

    public static func csv(_ rows: [CacheMeasurement]) -> String {
        var lines = [columns.joined(separator: ",")]
        for row in rows {
            var cells = [Format.csvField(row.gif), "\(row.frames)", "\(row.fileBytes)",
                         Format.seconds(row.storeOriginalSeconds), "\(row.storeOriginalBytes)",
                         Format.seconds(row.storeReencodedSeconds), "\(row.storeReencodedBytes)"]
            // A load left out (over the eager limit) has empty cells, not zero.
            cells += CacheMeasurement.loads.map { row.firstFrameSeconds[$0].map(Format.seconds) ?? "" }
            cells += CacheMeasurement.loads.map { row.heapAtFirstFrame[$0].map(String.init) ?? "" }
            cells += [hex(row.reencodedFirstByte), row.reencodedFormat.rawValue, "\(row.framesKept)",
                      "\(row.delaysKept)", "\(row.loopKept)", "\(row.pixelsKept)", "\(row.quantisedFrames)",
                      "\(row.originalByteIdentical)", row.originalFormat.rawValue]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    public static func markdown(_ rows: [CacheMeasurement], metadata: RunMetadata) -> String {
        var out = ["# GIF Frame Bench: the cache store path", ""] + MarkdownReporter.metadata(metadata) + [
            "",
            "Storing with the original bytes writes them unchanged; storing without them re-encodes every composited",
            "frame as GIF (each frame full-screen, disposal 2, its raw delay, the loop count; a frame is quantised only",
            "if it has more than 255 colours), or a WebP as a lossless WebP (every frame full-canvas, its duration, the",
            "loop count). A re-encoded file is not expected to be byte-identical: fidelity means the format, frame",
            "count, delays, loop count and every frame's pixels (fully transparent ones as 0,0,0,0) survive "
            + "the round trip.",
            "",
            "## Store: original bytes against re-encoding", "",
            "| gif | frames | file | store original | written | store re-encoded | written | re-encoded ÷ original |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            out.append("| \(MarkdownReporter.cell(row.gif)) | \(row.frames) | \(Format.bytes(Double(row.fileBytes))) | "
                       + "\(Format.duration(row.storeOriginalSeconds)) | "
                       + "\(Format.bytes(Double(row.storeOriginalBytes))) | "
                       + "\(Format.duration(row.storeReencodedSeconds)) | "
                       + "\(Format.bytes(Double(row.storeReencodedBytes))) | "
                       + "\(Format.ratio(row.storeReencodedSeconds / max(row.storeOriginalSeconds, 1e-9))) time, "
                       + "\(Format.ratio(Double(row.storeReencodedBytes) / Double(max(row.storeOriginalBytes, 1)))) bytes |")
        }
        out += ["", "## Load from disk and show the first frame", "",
                "Heap is what the loading thread's allocations hold at the first frame (jemalloc `thread.allocated` − "
                + "`thread.deallocated`); "
                + "with `mmap` the compressed bytes are page cache, not heap. Windowed uses window "
                + "\(BenchCase.defaultWindow), or every frame of a GIF with fewer. A load whose decoder "
                + "would hold more "
                + "than `--max-eager-bytes` is left out: \"over the limit\".",
                "",
                "| gif | eager, heap | eager, mmap | windowed, heap | windowed, mmap | heap saved by mmap (windowed) |",
                "|---|---:|---:|---:|---:|---:|"]
        for row in rows where !row.firstFrameSeconds.isEmpty {
            let cells = CacheMeasurement.loads.map { load in
                row.firstFrameSeconds[load].map { "\(Format.duration($0)), "
                                                  + "\(Format.bytes(Double(row.heapAtFirstFrame[load] ?? 0)))" }
                    ?? "over the limit"
            }
            let saved = (row.heapAtFirstFrame["windowed-heap"] ?? 0) - (row.heapAtFirstFrame["windowed-mmap"] ?? 0)
            out.append("| \(MarkdownReporter.cell(row.gif)) | " + cells.joined(separator: " | ") + " | \(Format.bytes(Double(saved))) |")
        }
        let unloaded = rows.filter(\.firstFrameSeconds.isEmpty).map { MarkdownReporter.cell($0.gif) }
        if !unloaded.isEmpty { out += ["", "Not loaded (a format the players do not play): "
                                           + "\(unloaded.joined(separator: ", "))."] }
        out += ["", "## Fidelity of the re-encoded store", "",
                "| gif | came as | first byte | sniffed format | frames kept | delays kept | loop kept | pixels kept | "
                + "quantised frames | original store byte-identical |",
                "|---|---|---|---|---|---|---|---|---:|---|"]
        for row in rows {
            out.append("| \(MarkdownReporter.cell(row.gif)) | \(row.originalFormat.rawValue) | "
                       + "\(hex(row.reencodedFirstByte)) | \(row.reencodedFormat.rawValue) | \(row.framesKept) | "
                       + "\(row.delaysKept) | "
                       + "\(row.loopKept) | \(row.pixelsKept) | \(row.quantisedFrames) | \(row.originalByteIdentical) |")
        }
        return (out + [""]).joined(separator: "\n")
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}
