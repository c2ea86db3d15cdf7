import FrameDecoders
import FuzzDriver
import GIFCodec
import ImageCache
import WebPCodec

// libFuzzer entry point: any bytes, a GIF or an animated WebP, must give a clean error or a partial play, never a
// crash, a hang or a leak.
// Canvases are capped at 1 megapixel, and the decoders run only on small animations, so the fuzzer spends its time
// on parsing and compositing paths rather than on filling memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = GIFBytes(UnsafeRawBufferPointer(start: start, count: count))
    // A WebP goes to libwebp's demuxer and animation decoder, through the product's wrapper and its limits.
    if AnimationFormat(sniffing: bytes.buffer) == .webp {
        if let animation = try? WebPAnimation(bytes: bytes, limits: DecodeLimits(maxCanvasPixels: 1_000_000)),
           animation.frames.count * animation.frameBytes <= 8_000_000 {
            _ = try? animation.frameHashes()
            // The players' path: the eager decoder, and a windowed one over two loops (its compositor resets to
            // frame 0, and a damaged frame stops libwebp's decoder mid-loop).
            if let eager = try? EagerDecoder(container: animation) {
                for index in 0..<animation.frameCount { _ = try? eager.hash(ofFrame: index) }
            }
            if let windowed = try? WindowedDecoder(container: animation, window: .frames(2)) {
                for index in 0..<(2 * animation.frameCount) {
                    _ = try? windowed.withFrame(at: index % animation.frameCount) { $0.pixels.count }
                }
            }
        }
        return 0
    }
    guard let container = try? GIFContainer(bytes: bytes) else { return 0 }
    let limits = DecodeLimits(maxCanvasPixels: 1_000_000)
    guard (try? limits.check(container)) != nil else { return 0 }
    _ = ImageFormat.sniff(bytes.buffer)
    if let compositor = try? Compositor(container: container, limits: limits) {
        for _ in 0..<min(2 * container.frameCount, 4000) { compositor.advance() }
        if container.frameCount > 2 { _ = try? compositor.composite(frame: container.frameCount / 2) }
    }
    guard container.frameCount * container.width * container.height <= 2_000_000 else { return 0 }
    if let eager = try? EagerDecoder(container: container) {
        for index in 0..<container.frameCount { _ = try? eager.hash(ofFrame: index) }
    }
    for window in [PrefetchWindow.frames(2), .all] {
        guard let windowed = try? WindowedDecoder(container: container, window: window) else { continue }
        for index in 0..<(2 * container.frameCount) { _ = try? windowed.withFrame(at: index % container.frameCount) { $0.pixels.count } }
    }
    return 0
}

// SwiftPM links an executable target's entry point as `<target>_main`; hand control to libFuzzer's driver there.
@_cdecl("gif_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { fuzzOneInput($0, $1) }
}
