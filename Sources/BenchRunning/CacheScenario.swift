import CaseModel
import FrameDecoders
import Foundation
import GIFCodec
import ImageCache
import MemoryProbe

/// What storing one GIF (or WebP) in the disk cache and loading it back costs, and whether the round trip kept its
/// format.
public struct CacheMeasurement: Sendable, Codable {
    public var gif: String
    /// The format the file came in (`gif`, `webp-animated`, `webp`).
    public var originalFormat: ImageFormat = .unknown
    public var frames = 0
    public var fileBytes = 0
    public var storeOriginalSeconds = 0.0
    public var storeOriginalBytes = 0
    public var storeReencodedSeconds = 0.0
    public var storeReencodedBytes = 0
    /// Load from disk and hold the first frame: seconds and heap bytes held, per decoder and byte source; empty for a
    /// format the players do not play.
    public var firstFrameSeconds: [String: Double] = [:]
    public var heapAtFirstFrame: [String: Int] = [:]
    public var reencodedFirstByte: UInt8 = 0
    public var reencodedFormat: ImageFormat = .unknown
    public var framesKept = false
    public var delaysKept = false
    public var loopKept = false
    public var pixelsKept = false
    public var quantisedFrames = 0
    public var originalByteIdentical = false

    /// The load variants, in report order, by name (`eager-heap`, …): the keys of the two dictionaries above.
    public static let loads = CacheLoad.allCases.map(\.name)
}

/// One way the cache scenario loads a stored GIF back: which decoder holds the first frame, and where its bytes come
/// from.
public enum CacheLoad: CaseIterable, Sendable {
    case eagerHeap, eagerMapped, windowedHeap, windowedMapped

    /// The name the report's columns use.
    public var name: String {
        switch self {
        case .eagerHeap: "eager-heap"
        case .eagerMapped: "eager-mmap"
        case .windowedHeap: "windowed-heap"
        case .windowedMapped: "windowed-mmap"
        }
    }

    var windowed: Bool { self == .windowedHeap || self == .windowedMapped }
    var mapped: Bool { self == .eagerMapped || self == .windowedMapped }
}

/// The `bench cache` scenario: store with and without the original bytes, load back four ways, check fidelity.
public enum CacheScenario {
    /// Decoded frames are held once at a time (the image, then its copy read back, then each load's decoder), so the
    /// scenario's peak is about what one eager decoder of the GIF holds: `limits` refuses what it would refuse.
    public static func measure(name: String, path: String, cacheDirectory: String, repetitions: Int = 3,
                               limits: DecodeLimits = .default, codec: LZWCodec = .default) throws -> CacheMeasurement {
        var measurement = CacheMeasurement(gif: name)
        let original = try GIFBytes(contentsOfFile: path, rules: InputFileRules(maxBytes: limits.maxFileBytes)).array
        measurement.fileBytes = original.count
        measurement.originalFormat = ImageFormat.sniff(original)
        let cache = try DiskCache(directory: cacheDirectory)
        let originalKey = name + "#original", reencodedKey = name + "#reencoded"
        let kept = try storeBothWays(original, measurement: &measurement, cache: cache,
                                     keys: (originalKey, reencodedKey), repetitions: repetitions, limits: limits,
                                     codec: codec)

        let written = try GIFBytes(contentsOfFile: cache.dataPath(reencodedKey)).array
        measurement.reencodedFirstByte = written.first ?? 0
        measurement.reencodedFormat = ImageFormat.sniff(written)
        do {
            let back = try cache.image(forKey: reencodedKey, limits: limits, codec: codec).get()
            measurement.framesKept = back.frames.count == kept.frames
            measurement.delaysKept = back.delays == kept.delays
            measurement.loopKept = back.netscapeLoopValue == kept.loop
            measurement.pixelsKept = back.identityHashes == kept.hashes
        }
        measurement.originalByteIdentical = try GIFBytes(contentsOfFile: cache.dataPath(originalKey)).array == original

        let container = try AnimationFile.open(GIFBytes(original))
        for load in CacheLoad.allCases where [.gif, .animatedWebP, .webp].contains(measurement.originalFormat) {
            // A load whose decoder would hold more than the eager limit (a window's slots and canvas on a still image
            // of 100 Mpx) is left out, as eager is: the limit bounds this process's memory.
            let kind = load.windowed ? DecoderKind.windowed : DecoderKind.eager
            let holds = kind.theoreticalBytes(window: .frames(loadWindow(frames: container.frameCount)),
                                              container: container, display: nil)
            // Its cells stay empty: the reports read an empty load as left out.
            guard holds <= limits.maxEagerBytes else { continue }
            var seconds: [Double] = [], held: [Int] = []
            for _ in 0..<repetitions {
                let (time, bytes) = try firstFrame(from: cache, key: originalKey, windowed: load.windowed,
                                                   mapped: load.mapped,
                                                     codec: codec)
                seconds.append(time)
                held.append(bytes)
            }
            measurement.firstFrameSeconds[load.name] = Statistics.median(seconds)
            measurement.heapAtFirstFrame[load.name] = Int(Statistics.median(held.map(Double.init)))
        }
        return measurement
    }

    /// Decodes the GIF, stores it with and without its original bytes (timed), and returns what the round trip must
    /// keep; the decoded frames are released on return.
    private static func storeBothWays(_ original: [UInt8], measurement: inout CacheMeasurement, cache: DiskCache,
                                      keys: (original: String, reencoded: String), repetitions: Int,
                                      limits: DecodeLimits,
                                      codec: LZWCodec) throws -> (frames: Int, delays: [FrameDelay], loop: UInt16?, hashes: [FrameHash]) {
        let image = try AnimatedImage(decoding: original, limits: limits, codec: codec)
        var withoutBytes = image
        withoutBytes.originalBytes = nil
        measurement.frames = image.frames.count
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = CPUTimes.monotonic()
            measurement.storeOriginalBytes = try cache.store(image, data: original, key: keys.original).bytesWritten
            times.append(CPUTimes.monotonic() - start)
        }
        measurement.storeOriginalSeconds = Statistics.median(times)
        times = []
        var fidelity: [RGBAFrameEncoder.Fidelity] = []
        for _ in 0..<repetitions {
            let start = CPUTimes.monotonic()
            let stored = try cache.store(withoutBytes, key: keys.reencoded)
            times.append(CPUTimes.monotonic() - start)
            measurement.storeReencodedBytes = stored.bytesWritten
            fidelity = stored.fidelity
        }
        measurement.storeReencodedSeconds = Statistics.median(times)
        measurement.quantisedFrames = fidelity.filter { $0 != .exact }.count
        return (image.frames.count, image.delays, image.netscapeLoopValue, image.identityHashes)
    }

    /// The window a windowed load keeps: the default, or every frame of a GIF with fewer. A still image keeps one.
    static func loadWindow(frames: Int) -> Int { max(1, min(BenchCase.defaultWindow, frames)) }

    /// Loads an entry and takes its first frame; returns the time and what this thread's allocations still hold then.
    static func firstFrame(from cache: DiskCache, key: String, windowed: Bool, mapped: Bool,
                           codec: LZWCodec) throws -> (Double, Int) {
        let before = try ThreadAllocationTotals.current()
        let start = CPUTimes.monotonic()
        let bytes = try cache.bytes(forKey: key, mapped: mapped).get().bytes
        let container = try AnimationFile.open(bytes)
        let source: any AnimatedFrameSource = windowed ? try WindowedDecoder(container: container,
                                                                             window: loadWindow(frames: container.frameCount),
                                                                             codec: codec)
                                                        : try EagerDecoder(container: container, codec: codec)
        _ = try source.withFrame(at: 0) { $0.pixels.count }
        let seconds = CPUTimes.monotonic() - start
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        withExtendedLifetime(source) {}
        return (seconds, held)
    }
}
