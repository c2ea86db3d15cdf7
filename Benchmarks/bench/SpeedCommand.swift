import BenchCLI
import BenchCore
import BenchKit
import FrameDecoders
import GIFCodec
import GiflibBaseline

/// `bench speed`: decode-and-composite throughput of both decoders against a plain C loop over giflib.
enum SpeedCommand {
    static let help = """
    Usage: bench speed [--gif FILE|DIR]... [--window N] [--csv]

    Measures decode-and-composite throughput, in megapixels of composited canvas per second
    (frames x screen width x screen height / wall seconds, median of at least 3 runs), for:
      giflib-c-loop   a straightforward C loop over DGifGetLine plus compositing (the floor)
      compositor      this project's compositor, one pass over all frames
      eager           EagerDecoder: every frame into its own buffer
      windowed        WindowedDecoder(window: N), one loop of playback (default N = 4)
    Default input: the synthetic corpus. --csv prints CSV instead of a Markdown table.
    """

    static func run(_ arguments: ArgumentList) throws -> ExitStatus {
        var arguments = arguments
        if arguments.flag("--help") { print(help); return .success }
        let csv = arguments.flag("--csv")
        let window = try arguments.integer("--window", in: 1...1000) ?? 4
        let inputs = try GIFInputs.resolve(try arguments.values("--gif"))
        try arguments.finish(command: "speed")

        print(csv ? "gif,frames,width,height,giflib_c_mpx_s,compositor_mpx_s,eager_mpx_s,windowed_mpx_s,compositor_vs_c"
                  : "| gif | frames | giflib C loop (Mpx/s) | compositor (Mpx/s) | eager (Mpx/s) | windowed w=\(window) (Mpx/s) | compositor ÷ C |\n|---|---:|---:|---:|---:|---:|---:|")
        for input in inputs {
            Console.note("speed: \(input.name)")
            let container = try input.container()
            let pixels = container.frameCount * container.width * container.height
            let bytes = container.bytes
            var checksum: UInt64 = 0
            let c = Throughput.measure("giflib-c-loop", pixelsPerRun: pixels) {
                _ = giflib_baseline_decode(bytes.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &checksum)
            }
            let compositor = try Throughput.measure("compositor", pixelsPerRun: pixels) {
                let compositor = try Compositor(container: container)
                for _ in 0..<container.frameCount { compositor.advance() }
            }
            let eager = try Throughput.measure("eager", pixelsPerRun: pixels) {
                _ = try EagerDecoder(container: container)
            }
            let windowed = try Throughput.measure("windowed", pixelsPerRun: pixels) {
                let decoder = try WindowedDecoder(container: container, window: window)
                for index in 0..<container.frameCount { try decoder.withFrame(at: index) { _ in () } }
            }
            let ratio = compositor.megapixelsPerSecond / c.megapixelsPerSecond
            let figures = [c, compositor, eager, windowed].map { format($0.megapixelsPerSecond) }
            if csv {
                print(([input.name, "\(container.frameCount)", "\(container.width)", "\(container.height)"] + figures + [format(ratio, digits: 3)]).joined(separator: ","))
            } else {
                print("| \(input.name) | \(container.frameCount) | " + figures.joined(separator: " | ") + " | \(format(ratio, digits: 2))× |")
            }
        }
        return .success
    }

    static func format(_ value: Double, digits: Int = 1) -> String {
        let scale = [1.0, 10, 100, 1000][min(digits, 3)]
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }
}
