import GIFCodec
import MemoryProbe
import Testing
import TestFixtures

/// Hostile and damaged GIFs, built byte by byte: each must give a typed error or a (partial) play — never a crash,
/// a hang, or a huge allocation. docs/bad-input.md's table of bad inputs lists these cases.
@Suite("Hostile input", .timeLimit(.minutes(2)))
struct HostileInputTests {
    typealias H = HandBuilt

    /// What the harness does with some bytes: index, check playability, then composite every frame twice.
    enum Outcome: Equatable, CustomStringConvertible {
        case refused(GIFError)
        case played(frames: Int, partial: Int, truncated: Bool)

        var description: String {
            switch self {
            case .refused(let error): "refused: \(error)"
            case .played(let frames, let partial, let truncated): "played \(frames) frames, \(partial) partial\(truncated ? ", truncated" : "")"
            }
        }
    }

    static func outcome(_ bytes: [UInt8], limits: DecodeLimits = .default) -> Outcome {
        do {
            let container = try GIFContainer(bytes: GIFBytes(bytes))
            let playability = try Playability.check(container, limits: limits)
            let compositor = try Compositor(container: container, limits: limits)
            for _ in 0..<(2 * container.frameCount) { compositor.advance() }
            return .played(frames: container.frameCount, partial: playability.partialFrames + playability.failedFrames,
                           truncated: container.truncated)
        } catch {
            return .refused(error)
        }
    }

    static func twoFrames(width: Int = 8, height: Int = 8, interlaced: Bool = false) throws -> [UInt8] {
        var frames = [H.frame(0, 0, width, height, fill: 0), H.frame(0, 0, width, height, fill: 1)]
        frames = frames.map { var frame = $0; frame.interlaced = interlaced; return frame }
        return try GIFEncoder.encode(EncoderInput(width: width, height: height, globalPalette: H.palette, frames: frames))
    }

    /// Offset of the first LZW data sub-block of frame `index` (after the minimum code size byte).
    static func dataOffset(_ bytes: [UInt8], frame index: Int) throws -> Int {
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let record = container.frames[index]
        let localPalette = record.localPalette.map { palette -> Int in var size = 2; while size < palette.colors.count { size *= 2 }; return size * 3 } ?? 0
        return record.recordOffset + 10 + localPalette + 1
    }

    @Test("empty input") func empty() { #expect(Self.outcome([]) == .refused(.empty)) }

    @Test("not a GIF (a PNG signature)") func notGIF() {
        #expect(Self.outcome([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) == .refused(.notAGIF))
    }

    @Test("a header and nothing else") func headerOnly() {
        guard case .refused = Self.outcome(Array("GIF89a".utf8)) else { Issue.record("should be refused"); return }
    }

    @Test("a zero-size screen") func zeroScreen() throws {
        var bytes = try Self.twoFrames()
        bytes[6] = 0; bytes[7] = 0; bytes[8] = 0; bytes[9] = 0
        #expect(Self.outcome(bytes) == .refused(.zeroSizeScreen))
    }

    @Test("a 65535×65535 screen is refused before any canvas is allocated") func hugeScreen() throws {
        let bytes = try GIFEncoder.encode(EncoderInput(width: 65535, height: 65535, globalPalette: H.palette, frames: [H.frame(0, 0, 1, 1, fill: 1)]))
        #expect(Self.outcome(bytes) == .refused(.canvasTooLarge(width: 65535, height: 65535, limit: 100_000_000)))
    }

    @Test("a frame larger than the screen is clipped") func frameLargerThanScreen() throws {
        var bytes = try GIFEncoder.encode(EncoderInput(width: 40, height: 40, globalPalette: H.palette, frames: [H.frame(0, 0, 40, 40, fill: 2)]))
        bytes[6] = 10; bytes[8] = 10
        #expect(Self.outcome(bytes) == .played(frames: 1, partial: 0, truncated: false))
    }

    @Test("a frame wholly outside the screen draws nothing and plays") func frameOutside() throws {
        let bytes = try GIFEncoder.encode(EncoderInput(width: 8, height: 8, globalPalette: H.palette,
                                                       frames: [H.frame(0, 0, 8, 8, fill: 0), H.frame(500, 500, 4, 4, fill: 1)]))
        #expect(Self.outcome(bytes) == .played(frames: 2, partial: 0, truncated: false))
    }

    @Test("only zero-width frames") func zeroWidth() throws {
        var bytes = try GIFEncoder.encode(EncoderInput(width: 8, height: 8, globalPalette: H.palette, frames: [H.frame(0, 0, 1, 1, fill: 0)]))
        let offset = try GIFContainer(bytes: GIFBytes(bytes)).frames[0].recordOffset
        bytes[offset + 5] = 0
        guard case .refused(.noDrawableFrame) = Self.outcome(bytes) else { Issue.record("\(Self.outcome(bytes))"); return }
    }

    @Test("no palette at all") func missingPalette() throws {
        var bytes = try Self.twoFrames()
        bytes[10] &= 0x7F
        bytes.removeSubrange(13..<(13 + 4 * 3))
        guard case .refused = Self.outcome(bytes) else { Issue.record("\(Self.outcome(bytes))"); return }
    }

    @Test("truncated in the middle of the third frame: the first two play, the file is flagged") func truncatedMidFrame() throws {
        let whole = try GIFEncoder.encode(EncoderInput(width: 64, height: 64, globalPalette: H.palette, frames: (0..<4).map { frame in
            var indices = [UInt8](repeating: 0, count: 64 * 64)
            for index in indices.indices { indices[index] = UInt8((index * 7 + index / 64 + frame) % 4) }
            return EncoderFrame(rect: FrameRect(left: 0, top: 0, width: 64, height: 64), indices: indices, delayCentiseconds: 5)
        }))
        let records = try GIFContainer(bytes: GIFBytes(whole)).frames
        let cut = records[2].recordOffset + (records[3].recordOffset - records[2].recordOffset) / 2
        let outcome = Self.outcome(Array(whole.prefix(cut)))
        guard case .played(let frames, let partial, let truncated) = outcome else { Issue.record("\(outcome)"); return }
        #expect(frames == 3 && partial == 1 && truncated, "\(outcome)")
    }

    @Test("a bad initial LZW code ends that frame with an error; when every frame has one, the file is refused") func badInitialCode() throws {
        var bytes = try Self.twoFrames()
        let first = try Self.dataOffset(bytes, frame: 0)
        for index in (first + 1)..<(first + 1 + Int(bytes[first])) { bytes[index] = 0xFF }
        guard case .played(2, 1, false) = Self.outcome(bytes) else { Issue.record("\(Self.outcome(bytes))"); return }
        let second = try Self.dataOffset(bytes, frame: 1)
        for index in (second + 1)..<(second + 1 + Int(bytes[second])) { bytes[index] = 0xFF }
        guard case .refused(.noDrawableFrame) = Self.outcome(bytes) else { Issue.record("\(Self.outcome(bytes))"); return }
    }

    @Test("an LZW minimum code size of 12 is refused, not followed") func oversizedCodeSize() throws {
        var bytes = try Self.twoFrames()
        bytes[try Self.dataOffset(bytes, frame: 0) - 1] = 12
        guard case .refused = Self.outcome(bytes) else { Issue.record("\(Self.outcome(bytes))"); return }
    }

    @Test("random bytes in the LZW data never loop forever") func garbageLZW() throws {
        var generator = SplitMix(seed: 7)
        var broken = 0
        for trial in 0..<50 {
            var bytes = try Self.twoFrames(width: 32, height: 32)
            let start = try Self.dataOffset(bytes, frame: 0)
            for index in (start + 1)..<(start + 1 + Int(bytes[start])) { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            // The blocks are intact, so the index accepts the file and the second frame plays; the first plays or is partial.
            guard case .played(frames: 2, let partial, truncated: false) = Self.outcome(bytes), partial <= 1 else {
                Issue.record("trial \(trial): \(Self.outcome(bytes))")
                continue
            }
            broken += partial
        }
        #expect(broken > 0, "random LZW data broke no first frame in 50 trials")
    }

    @Test("a sub-block length pointing past the end is truncation") func blockPastEnd() throws {
        var bytes = try Self.twoFrames()
        let second = try Self.dataOffset(bytes, frame: 1)
        bytes[second] = 255
        bytes = Array(bytes.prefix(second + 20))
        let outcome = Self.outcome(bytes)
        guard case .played(2, 1, true) = outcome else { Issue.record("\(outcome)"); return }
    }

    static func tenThousandFrames() throws -> [UInt8] {
        let frames = (0..<10_000).map { H.frame($0 % 4, $0 / 4 % 4, 1, 1, fill: UInt8($0 % 4), delay: 1) }
        return try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: H.palette, frames: frames))
    }

    @Test("10 000 one-pixel frames play") func tenThousandFramesPlay() throws {
        #expect(Self.outcome(try Self.tenThousandFrames()) == .played(frames: 10_000, partial: 0, truncated: false))
    }

    @Test("the index of 10 000 frames stays under 1 MiB", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func tenThousandFramesIndex() throws {
        let file = GIFBytes(try Self.tenThousandFrames())
        let before = try ThreadAllocationTotals.current()
        let container = try GIFContainer(bytes: file)
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        #expect(container.frameCount == 10_000)
        #expect(held < 1 << 20, "the index of 10 000 frames holds \(held) bytes")
        withExtendedLifetime(container) {}
    }

    @Test("disposal 3 on frame 0 restores to transparent") func disposalPreviousFirst() throws {
        let bytes = try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: H.palette,
                                                       frames: [H.frame(0, 0, 4, 4, fill: 1, disposal: 3), H.frame(0, 0, 1, 1, fill: 2)]))
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let compositor = try Compositor(container: container)
        compositor.advance()
        compositor.advance()
        #expect(Array(compositor.pixels[(5 * 4)..<(5 * 4 + 4)]) == H.clear)
    }

    @Test("garbage after the trailer is ignored and counted") func trailingGarbage() throws {
        let bytes = try Self.twoFrames() + Array(repeating: 0xAB, count: 100)
        #expect(Self.outcome(bytes) == .played(frames: 2, partial: 0, truncated: false))
        #expect(try GIFContainer(bytes: GIFBytes(bytes)).trailingBytes > 0)
    }

    @Test("a malformed NETSCAPE2.0 block means no loop value, not a crash") func malformedLoop() throws {
        var bytes = try Self.twoFrames()
        let marker = Array("NETSCAPE2.0".utf8)
        let at = try #require((0..<(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        bytes[at + marker.count + 1] = 7
        let outcome = Self.outcome(bytes)
        guard case .played = outcome else { Issue.record("\(outcome)"); return }
        #expect(try GIFContainer(bytes: GIFBytes(bytes)).netscapeLoopValue == nil)
    }

    @Test("an extension split into a million one-byte sub-blocks costs no memory of its own") func oneByteSubBlocks() throws {
        var bytes = try Self.twoFrames()
        let marker = Array("NETSCAPE2.0".utf8)
        let at = try #require((0..<(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        let count = 1_000_000
        var comment: [UInt8] = [0x21, 0xFE]
        comment.reserveCapacity(2 * count + 3)
        for _ in 0..<count { comment += [1, 0x78] }
        comment.append(0)
        bytes.insert(contentsOf: comment, at: at - 3)
        try Jemalloc.resetThreadPeak()
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let peak = try Jemalloc.threadPeak()
        #expect(container.frameCount == 2)
        #expect(container.netscapeLoopValue == 0, "the loop block after the comment is still read")
        // The reader's own copy of the bytes is its only cost in proportion to the file; before this rule each
        // sub-block was kept as its own array, about 56 bytes of heap per byte of comment.
        #expect(peak < UInt64(2 * bytes.count + (1 << 20)), "peak \(peak) bytes for a \(bytes.count)-byte GIF")
    }

    @Test("a transparent index beyond the palette is harmless") func transparentBeyondPalette() throws {
        let bytes = try GIFEncoder.encode(EncoderInput(width: 4, height: 4, globalPalette: H.palette,
                                                       frames: [H.frame(0, 0, 4, 4, fill: 1, transparent: 200)]))
        #expect(Self.outcome(bytes) == .played(frames: 1, partial: 0, truncated: false))
    }

    @Test("an eager decode over the byte budget is refused, in the codec's words (no command-line flag named)") func eagerBudget() throws {
        let frames = (0..<40).map { H.frame(0, 0, 1, 1, fill: UInt8($0 % 4)) }
        let bytes = try GIFEncoder.encode(EncoderInput(width: 1000, height: 1000, globalPalette: H.palette, frames: frames))
        let container = try GIFContainer(bytes: GIFBytes(bytes))
        let limits = DecodeLimits(maxEagerBytes: 100 << 20)
        #expect(throws: GIFError.eagerTooLarge(bytes: 160_000_000, limit: 100 << 20, frameBytes: 4_000_000)) {
            try limits.checkEager(container)
        }
        #expect(GIFError.eagerTooLarge(bytes: 160_000_000, limit: 100 << 20, frameBytes: 4_000_000).description
                == "eager decoding needs 160000000 bytes, over the limit of 104857600")
    }
}
