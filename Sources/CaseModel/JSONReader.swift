/// A small `Decoder` for the JSON ``JSONWriter`` writes, without Foundation: how the measuring child reads the case it
/// is given, so the case crosses the process boundary in its one Codable form instead of a hand-kept argv codec.
///
/// Keys are the Codable keys as they are; the strings "nan", "inf" and "-inf" read as doubles.
public enum JSONReader {
    public static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        var parser = JSONParser(Array(text.utf8))
        let node = try parser.parseDocument()
        return try Value(from: NodeDecoder(node: node, codingPath: []))
    }
}

/// What a JSON text does not say right.
public struct JSONReadError: Error, CustomStringConvertible {
    public let description: String
}

enum JSONNode {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])
}

struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONNode {
        let node = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw fail("text after the value") }
        return node
    }

    private func fail(_ what: String) -> JSONReadError { JSONReadError(description: "JSON: \(what) at byte \(index)") }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws -> JSONNode {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONNode] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try parseString()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' expected") }
                index += 1
                guard members.updateValue(try parseValue(), forKey: key) == nil else { throw fail("the key '\(key)' twice") }
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("',' or '}' expected") }
                index += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try parseValue())
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("',' or ']' expected") }
                index += 1
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw fail("a value expected") }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    private mutating func literal(_ word: String, _ node: JSONNode) throws -> JSONNode {
        let end = index + word.utf8.count
        guard end <= bytes.count, Array(bytes[index..<end]) == Array(word.utf8) else { throw fail("'\(word)' expected") }
        index = end
        return node
    }

    private mutating func parseString() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("a string expected") }
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { run.append(byte); continue }
            flush()
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count, var code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                    throw fail("a bad \\u escape")
                }
                index += 4
                // A surrogate pair: a high half followed by \uDC00–\uDFFF.
                if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   let low = UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    index += 6
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw fail("an unterminated string")
    }
}

private struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedNodes(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node else { throw mismatch("an array") }
        return UnkeyedNodes(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNode(node: node, codingPath: codingPath) }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "\(expected) expected"))
    }
}

private struct SingleNode: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { if case .null = node { return true } else { return false } }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node else { throw mismatch("a boolean") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node else { throw mismatch("a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch node {
        case .number(let text): if let value = Double(text) { return value }
        case .string("nan"): return .nan
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        default: break
        }
        throw mismatch("a number")
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Double.self { return try decode(Double.self) as! T }
        if let integer = type as? any FixedWidthInteger.Type {
            guard case .number(let text) = node, let value = Int64(text) ?? Double(text).flatMap(Int64.init(exactly:)),
                  let converted = integer.init(exactly: value) else { throw mismatch("a whole number") }
            return converted as! T
        }
        return try T(from: NodeDecoder(node: node, codingPath: codingPath))
    }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "\(expected) expected"))
    }
}

private struct KeyedNodes<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONNode]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let node = members[key.stringValue] else { return true }
        if case .null = node { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let node = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key,
                                            DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
        }
        return try SingleNode(node: node, codingPath: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { NodeDecoder(node: .object(members), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { NodeDecoder(node: members[key.stringValue] ?? .null, codingPath: codingPath + [key]) }
}

private struct UnkeyedNodes: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> JSONNode {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "array ended")) }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try SingleNode(node: try next(), codingPath: codingPath).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try next(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try next(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { NodeDecoder(node: try next(), codingPath: codingPath) }
}
