
/// The metadata record stored beside each cached file: enough to tell a complete, matching entry from a
/// collision or a torn write.
struct CacheEntry: Sendable, Codable, Equatable {
    static let schema = "gif-frame-bench-cache/1"
    var schema: String
    /// The full key, so two keys hashing to one file name are told apart.
    var key: String
    var format: ImageFormat
    var frameCount: Int
    var byteLength: Int
    /// FNV-1a 64 of the data file's bytes.
    var checksum: String
    /// How the data was produced: `original` bytes, or `reencoded`.
    var origin: String
}

/// Why a lookup missed: every miss says why, so a torn or colliding entry is visible in logs, never served.
public enum CacheMiss: Error, Sendable, Equatable, CustomStringConvertible {
    case absent
    case unreadableMetadata(String)
    case keyMismatch(stored: String)
    case lengthMismatch(expected: Int, found: Int)
    case checksumMismatch
    case formatMismatch(recorded: ImageFormat, sniffed: ImageFormat)
    case undecodable(String)

    public var description: String {
        switch self {
        case .absent: "no entry"
        case .unreadableMetadata(let reason): "metadata unreadable: \(reason)"
        case .keyMismatch(let stored): "file name collision with key '\(stored)'"
        case .lengthMismatch(let expected, let found): "data is \(found) bytes, metadata says \(expected) (torn write)"
        case .checksumMismatch: "data checksum does not match its metadata"
        case .formatMismatch(let recorded, let sniffed): "metadata says \(recorded.rawValue), the data is "
                                                         + "\(sniffed.rawValue)"
        case .undecodable(let reason): "data does not decode: \(reason)"
        }
    }
}
