import Foundation
import GIFCodec
import SystemFiles
import WebPCodec

/// Errors of storing into the cache.
public enum CacheStoreError: Error, Sendable, CustomStringConvertible {
    /// A still image without its original bytes, in a format this project cannot encode (only GIF is written).
    case cannotEncode(ImageFormat)
    case io(String)
    case encoding(GIFError)
    case webpEncoding(WebPError)

    public var description: String {
        switch self {
        case .cannotEncode(let format): "cannot encode a still \(format.rawValue) image without its original bytes"
        case .io(let reason): reason
        case .encoding(let error): "re-encoding failed: \(error)"
        case .webpEncoding(let error): "re-encoding as WebP failed: \(error)"
        }
    }
}

/// A directory of cached images: `store(_:data:)` keeps the original bytes unchanged; `store(_:)` without them
/// encodes in the image's own format — a WebP as a lossless WebP with every frame, any other animated image as GIF,
/// never as a still format.
///
/// Each entry is a data file and a metadata record named by the FNV-1a 64 of the key; both are written to a
/// temporary file and renamed, metadata last, so a crash mid-write leaves a miss, never a half entry that reads as
/// valid.
public struct DiskCache: Sendable {
    public let directory: String
    /// Told about every miss that is not a plain absence (torn entries, collisions), with the key and the reason.
    public var log: @Sendable (String, CacheMiss) -> Void

    public init(directory: String, log: @escaping @Sendable (String, CacheMiss) -> Void = { _, _ in }) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.log = log
    }

    /// What a store wrote.
    public struct Stored: Sendable {
        public var path: String
        public var bytesWritten: Int
        public var format: ImageFormat
        /// Per frame, whether the re-encoding kept it exact; empty when the original bytes were stored.
        public var fidelity: [RGBAFrameEncoder.Fidelity]
    }

    /// Stores the original bytes unchanged.
    @discardableResult
    public func store(_ image: AnimatedImage, data: [UInt8], key: String) throws(CacheStoreError) -> Stored {
        let format = ImageFormat.sniff(data)
        try write(data,
                  entry: CacheEntry(schema: CacheEntry.schema, key: key, format: format, frameCount: image.frames.count,
                                    byteLength: data.count, checksum: Self.checksum(data), origin: "original"))
        return Stored(path: dataPath(key), bytesWritten: data.count, format: format, fidelity: [])
    }

    /// Stores an image without its original bytes, encoded in its tagged format; animated or untagged images as GIF.
    @discardableResult
    public func store(_ image: AnimatedImage, key: String) throws(CacheStoreError) -> Stored {
        if image.sourceFormat == .animatedWebP || image.sourceFormat == .webp { return try storeWebP(image, key: key) }
        guard image.sourceFormat == .gif || image.isAnimated || image.sourceFormat == .unknown else {
            throw .cannotEncode(image.sourceFormat)
        }
        let encoded: (bytes: [UInt8], fidelity: [RGBAFrameEncoder.Fidelity])
        do {
            encoded = try RGBAFrameEncoder.encode(width: image.width, height: image.height,
                                                  frames: zip(image.frames, image.delays)
                                                      .map { .init(pixels: $0, delay: $1) },
                                                  netscapeLoopValue: image.netscapeLoopValue)
        } catch { throw .encoding(error) }
        try write(encoded.bytes,
                  entry: CacheEntry(schema: CacheEntry.schema, key: key, format: .gif, frameCount: image.frames.count,
                                    byteLength: encoded.bytes.count, checksum: Self.checksum(encoded.bytes),
                                    origin: "reencoded"))
        return Stored(path: dataPath(key), bytesWritten: encoded.bytes.count, format: .gif, fidelity: encoded.fidelity)
    }

    /// A WebP without its bytes, written as a lossless WebP: every frame, its duration and the loop count kept, so the
    /// decoded frames equal the image's (a still stays a still).
    private func storeWebP(_ image: AnimatedImage, key: String) throws(CacheStoreError) -> Stored {
        let frames = image.frames
        let durations = Array((image.durationsMilliseconds ?? image.delays.map(\.rawMilliseconds)).prefix(frames.count))
        let bytes: [UInt8]
        do {
            bytes = try WebPAnimationWriter.lossless(width: image.width, height: image.height, frames: frames,
                                                     durations: durations, loopCount: image.webpLoopCount,
                                                     still: image.sourceFormat == .webp)
        } catch { throw .webpEncoding(error) }
        let format = ImageFormat.sniff(bytes)
        try write(bytes,
                  entry: CacheEntry(schema: CacheEntry.schema, key: key, format: format, frameCount: image.frames.count,
                                    byteLength: bytes.count, checksum: Self.checksum(bytes), origin: "reencoded"))
        return Stored(path: dataPath(key), bytesWritten: bytes.count, format: format,
                      fidelity: frames.map { _ in .exact })
    }

    /// The verified bytes of an entry, read into the heap or mapped; a torn, colliding or mismatched entry is a miss.
    public func bytes(forKey key: String,
                      mapped: Bool = false) -> Result<(bytes: GIFBytes, format: ImageFormat), CacheMiss> {
        let outcome = verifiedBytes(key, mapped: mapped)
        if case .failure(let miss) = outcome, miss != .absent { log(key, miss) }
        return outcome
    }

    /// The image of an entry, decoded, with its format tag and its bytes as `originalBytes`.
    public func image(forKey key: String, limits: DecodeLimits = .default,
                      codec: LZWCodec = .default) -> Result<AnimatedImage, CacheMiss> {
        switch bytes(forKey: key) {
        case .failure(let miss): return .failure(miss)
        case .success(let found):
            // A WebP entry is read as a WebP, told by its bytes as it was stored.
            do {
                if found.format == .webp || found.format == .animatedWebP {
                    return .success(try AnimatedImage(decodingWebP: found.bytes.array, limits: limits))
                }
                return .success(try AnimatedImage(decodingGIF: found.bytes.array, limits: limits, codec: codec))
            } catch {
                log(key, .undecodable("\(error)"))
                return .failure(.undecodable("\(error)"))
            }
        }
    }

    /// Where an entry's data lives.
    public func dataPath(_ key: String) -> String { (directory as NSString).appendingPathComponent(Self.fileStem(key) + ".data") }
    public func metadataPath(_ key: String) -> String { (directory as NSString).appendingPathComponent(Self.fileStem(key) + ".meta") }

    static func fileStem(_ key: String) -> String { FrameHash(ofUTF8: key).description }

    static func checksum(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes { FrameHash(of: $0).description } }

    private func write(_ data: [UInt8], entry: CacheEntry) throws(CacheStoreError) {
        do {
            try? FileManager.default.removeItem(atPath: metadataPath(entry.key))
            try Self.atomicWrite(Data(data), to: dataPath(entry.key))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try Self.atomicWrite(try encoder.encode(entry), to: metadataPath(entry.key))
        } catch {
            throw .io("cannot write cache entry '\(entry.key)': \(error)")
        }
    }

    /// A new sibling created exclusively (never through a planted link), then renamed over the entry.
    private static func atomicWrite(_ data: Data, to path: String) throws {
        try AtomicFile.write(Array(data), to: path)
    }

    private func verifiedBytes(_ key: String, mapped: Bool) -> Result<(bytes: GIFBytes, format: ImageFormat), CacheMiss> {
        guard FileManager.default.fileExists(atPath: metadataPath(key)) else { return .failure(.absent) }
        guard let metadata = FileManager.default.contents(atPath: metadataPath(key)) else { return .failure(.unreadableMetadata("cannot read")) }
        let entry: CacheEntry
        do { entry = try JSONDecoder().decode(CacheEntry.self, from: metadata) } catch {
            return .failure(.unreadableMetadata("not a cache record"))
        }
        guard entry.schema == CacheEntry.schema else { return .failure(.unreadableMetadata("schema '\(entry.schema)'")) }
        guard entry.key == key else { return .failure(.keyMismatch(stored: entry.key)) }
        let bytes: GIFBytes
        do {
            bytes = mapped ? try GIFBytes(mappingFile: dataPath(key)) : try GIFBytes(contentsOfFile: dataPath(key))
        } catch {
            return .failure(.lengthMismatch(expected: entry.byteLength, found: 0))
        }
        guard bytes.count == entry.byteLength else { return .failure(.lengthMismatch(expected: entry.byteLength, found: bytes.count)) }
        guard FrameHash(of: bytes.buffer).description == entry.checksum else { return .failure(.checksumMismatch) }
        let sniffed = ImageFormat.sniff(bytes.buffer)
        guard sniffed == entry.format else { return .failure(.formatMismatch(recorded: entry.format, sniffed: sniffed)) }
        return .success((bytes, sniffed))
    }
}
