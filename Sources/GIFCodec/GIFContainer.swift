import CGif

/// The index of one GIF, built in a single pass with giflib's record API without decoding any pixel.
///
/// Holds the logical screen, palettes, per-frame records and loop count: what a decoder
/// needs to decode any frame later from the compressed bytes.
public struct GIFContainer: Sendable {
    public let bytes: GIFBytes
    public let width: Int
    public let height: Int
    public let globalPalette: Palette?
    public let backgroundIndex: UInt8
    public let frames: [FrameRecord]
    /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop value, `nil` when absent.
    public let netscapeLoopValue: UInt16?
    /// The file ended before its trailer, inside a frame or between records.
    public let truncated: Bool
    /// Bytes after the trailer, or an unknown record that stopped the index.
    public let trailingBytes: Int

    public var loopCount: LoopCount { LoopCount(netscapeValue: netscapeLoopValue) }
    public var frameCount: Int { frames.count }
    /// Bytes of one RGBA canvas (width × height × 4).
    public var frameBytes: Int { width * height * 4 }
    /// Some frame restores to previous: drawing the animation needs a saved copy of the canvas.
    public var savesCanvas: Bool { frames.contains { $0.disposal == .previous } }

    /// Indexes `bytes`; throws when no frame can be found at all.
    public init(bytes: GIFBytes) throws(GIFError) {
        let reader = try GiflibReader(bytes: bytes)
        let screen = reader.handle.pointee
        self.bytes = bytes
        width = Int(screen.SWidth)
        height = Int(screen.SHeight)
        guard width > 0, height > 0 else { throw .zeroSizeScreen }
        globalPalette = GiflibReader.palette(screen.SColorMap)
        backgroundIndex = UInt8(truncatingIfNeeded: screen.SBackGroundColor)

        var frames: [FrameRecord] = []
        var pendingControl: (disposal: UInt8, delay: UInt16, transparent: UInt8?)? = nil
        var loopValue: UInt16? = nil
        var truncated = false
        var trailing = 0
        var defect: GIFError?
        // Where the file ended, when it ends before the first frame's data.
        var cutBeforeFirstFrame = "between the header and the first frame"
        scan: while true {
            let recordStart = reader.position
            let type: GifRecordType
            do { type = try reader.recordType() } catch {
                if reader.pastEnd || reader.lastError == D_GIF_ERR_READ_FAILED { truncated = true } else { trailing = bytes.count - recordStart }
                break scan
            }
            if reader.pastEnd {
                truncated = true
                break scan
            }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                cutBeforeFirstFrame = "inside the first image descriptor or its local palette"
                do { try reader.imageHeader() } catch {
                    if reader.pastEnd || reader.lastError == D_GIF_ERR_READ_FAILED { truncated = true } else { defect = error }
                    break scan
                }
                if reader.pastEnd { truncated = true; break scan }
                let image = reader.handle.pointee.Image
                var record = FrameRecord(
                    rect: FrameRect(left: Int(image.Left), top: Int(image.Top), width: Int(image.Width),
                                    height: Int(image.Height)),
                    localPalette: GiflibReader.palette(image.ColorMap),
                    interlaced: image.Interlace,
                    rawDisposal: pendingControl?.disposal ?? 0,
                    transparentIndex: pendingControl?.transparent,
                    delay: FrameDelay(centiseconds: pendingControl?.delay ?? 0),
                    recordOffset: recordStart)
                pendingControl = nil
                let skipped = (try? reader.skipImageData()) != nil
                if !skipped || reader.pastEnd {
                    record.truncated = true
                    frames.append(record)
                    truncated = true
                    break scan
                }
                frames.append(record)
            case EXTENSION_RECORD_TYPE:
                let ext: (code: Int32, blocks: [[UInt8]])
                do { ext = try reader.extensionRecord() } catch {
                    cutBeforeFirstFrame = "inside an extension before the first frame"
                    truncated = true
                    break scan
                }
                if reader.pastEnd { truncated = true; break scan }
                if ext.code == GRAPHICS_EXT_FUNC_CODE, let block = ext.blocks.first, block.count >= 4 {
                    let transparent: UInt8? = block[0] & 1 != 0 ? block[3] : nil
                    pendingControl = ((block[0] >> 2) & 7, UInt16(block[1]) | UInt16(block[2]) << 8, transparent)
                } else if ext.code == APPLICATION_EXT_FUNC_CODE, ext.blocks.count >= 2,
                          ext.blocks[0] == Array("NETSCAPE2.0".utf8) || ext.blocks[0] == Array("ANIMEXTS1.0".utf8) {
                    let data = ext.blocks[1]
                    if data.count >= 3, data[0] == 1 { loopValue = UInt16(data[1]) | UInt16(data[2]) << 8 }
                }
            case TERMINATE_RECORD_TYPE:
                trailing = bytes.count - reader.position
                break scan
            default:
                trailing = bytes.count - recordStart
                break scan
            }
        }
        guard !frames.isEmpty else { throw defect ?? (truncated ? .truncatedBeforeFirstFrame(cutBeforeFirstFrame) : .noFrames) }
        self.frames = frames
        netscapeLoopValue = loopValue
        self.truncated = truncated
        trailingBytes = trailing
    }

    /// Indexes the GIF file at `path`, read within `rules`.
    public init(contentsOfFile path: String, rules: InputFileRules = InputFileRules()) throws(GIFError) {
        try self.init(bytes: GIFBytes(contentsOfFile: path, rules: rules))
    }

    /// The palette a frame draws with: its local table, else the global one.
    public func palette(for frame: FrameRecord) -> Palette? { frame.localPalette ?? globalPalette }
}
