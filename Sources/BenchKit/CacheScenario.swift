import BenchCore
import FrameDecoders
import Foundation
import GIFCodec
import ImageCache
import MemoryProbe

/// What storing one GIF in the disk cache and loading it back costs, and whether the round trip kept it a GIF.
public struct CacheMeasurement: Sendable {
    public var gif: String
    public var frames = 0
    public var fileBytes = 0
    public var storeOriginalSeconds = 0.0
    public var storeOriginalBytes = 0
    public var storeReencodedSeconds = 0.0
    public var storeReencodedBytes = 0
    /// Load from disk and hold the first frame: seconds and heap bytes held, per decoder and byte source.
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

    /// The load variants, in report order.
    public static let loads = ["eager-heap", "eager-mmap", "windowed-heap", "windowed-mmap"]
}

/// The `bench cache` scenario: store with and without the original bytes, load back four ways, check fidelity.
public enum CacheScenario {
    public static func measure(_ input: GIFInput, path: String, cacheDirectory: String, repetitions: Int = 3) throws -> CacheMeasurement {
        var measurement = CacheMeasurement(gif: input.name)
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try AnimatedImage(decodingGIF: original)
        var withoutBytes = image
        withoutBytes.originalBytes = nil
        measurement.frames = image.frames.count
        measurement.fileBytes = original.count
        let cache = try DiskCache(directory: cacheDirectory)
        let originalKey = input.name + "#original", reencodedKey = input.name + "#reencoded"

        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = CPUTimes.monotonic()
            measurement.storeOriginalBytes = try cache.store(image, data: original, key: originalKey).bytesWritten
            times.append(CPUTimes.monotonic() - start)
        }
        measurement.storeOriginalSeconds = Statistics.median(times)
        times = []
        var fidelity: [RGBAFrameEncoder.Fidelity] = []
        for _ in 0..<repetitions {
            let start = CPUTimes.monotonic()
            let stored = try cache.store(withoutBytes, key: reencodedKey)
            times.append(CPUTimes.monotonic() - start)
            measurement.storeReencodedBytes = stored.bytesWritten
            fidelity = stored.fidelity
        }
        measurement.storeReencodedSeconds = Statistics.median(times)
        measurement.quantisedFrames = fidelity.filter { $0 != .exact }.count

        let written = Array(try Data(contentsOf: URL(fileURLWithPath: cache.dataPath(reencodedKey))))
        measurement.reencodedFirstByte = written.first ?? 0
        measurement.reencodedFormat = ImageFormat.sniff(written)
        let back = try cache.image(forKey: reencodedKey).get()
        measurement.framesKept = back.frames.count == image.frames.count
        measurement.delaysKept = back.delays == image.delays
        measurement.loopKept = back.netscapeLoopValue == image.netscapeLoopValue
        measurement.pixelsKept = back.frameHashes == image.frameHashes
        measurement.originalByteIdentical = Array(try Data(contentsOf: URL(fileURLWithPath: cache.dataPath(originalKey)))) == original

        for load in CacheMeasurement.loads {
            var seconds: [Double] = [], held: [Int] = []
            for _ in 0..<repetitions {
                let (time, bytes) = try firstFrame(from: cache, key: originalKey, windowed: load.hasPrefix("windowed"), mapped: load.hasSuffix("mmap"))
                seconds.append(time)
                held.append(bytes)
            }
            measurement.firstFrameSeconds[load] = Statistics.median(seconds)
            measurement.heapAtFirstFrame[load] = Int(Statistics.median(held.map(Double.init)))
        }
        return measurement
    }

    /// Loads an entry and takes its first frame; returns the time and what this thread's allocations still hold then.
    static func firstFrame(from cache: DiskCache, key: String, windowed: Bool, mapped: Bool) throws -> (Double, Int) {
        let before = try ThreadAllocationTotals.current()
        let start = CPUTimes.monotonic()
        let bytes = try cache.bytes(forKey: key, mapped: mapped).get().bytes
        let container = try GIFContainer(bytes: bytes)
        let source: any AnimatedFrameSource = windowed ? try WindowedDecoder(container: container, window: 4) : try EagerDecoder(container: container)
        _ = try source.withFrame(at: 0) { $0.pixels.count }
        let seconds = CPUTimes.monotonic() - start
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        withExtendedLifetime(source) {}
        return (seconds, held)
    }
}
