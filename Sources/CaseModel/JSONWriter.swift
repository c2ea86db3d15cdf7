/// A small `Encoder` that writes compact JSON without Foundation, for the measuring child's one result.
///
/// Keys are the Codable keys as they are; nil optionals are left out (as `encodeIfPresent` does); non-finite
/// doubles become the strings "nan", "inf" and "-inf", which the parent's decoder is told to accept.
public enum JSONWriter {
    public static func encode(_ value: some Encodable) throws -> String {
        let root = JSONValueBox()
        try value.encode(to: JSONValueEncoder(box: root, codingPath: []))
        var out = ""
        root.value.write(to: &out)
        return out
    }
}

indirect enum JSONValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValueBox])
    case object([(String, JSONValueBox)])

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): JSONValue.quote(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSONValue.quote(member.0, into: &out)
                out += ":"
                member.1.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    static func number(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("nan") }
        if value.isInfinite { return .string(value > 0 ? "inf" : "-inf") }
        return .number("\(value)")
    }
}

final class JSONValueBox {
    var value: JSONValue = .null
}

struct JSONValueEncoder: Encoder {
    let box: JSONValueBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.value {} else { box.value = .object([]) }
        return KeyedEncodingContainer(KeyedJSONContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.value {} else { box.value = .array([]) }
        return UnkeyedJSONContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleJSONContainer(box: box, codingPath: codingPath) }
}

/// Turns one Encodable value into a box, the way every container does for its members.
private func encodeValue(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONValueBox {
    let box = JSONValueBox()
    switch value {
    case let number as Double: box.value = JSONValue.number(number)
    case let number as Float: box.value = JSONValue.number(Double(number))
    case let text as String: box.value = .string(text)
    case let flag as Bool: box.value = .bool(flag)
    case let number as any BinaryInteger: box.value = .number("\(number)")
    default: try value.encode(to: JSONValueEncoder(box: box, codingPath: codingPath))
    }
    return box
}

struct KeyedJSONContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONValueBox
    let codingPath: [any CodingKey]

    private func append(_ key: Key, _ member: JSONValueBox) {
        guard case .object(var members) = box.value else { return }
        box.value = .null
        members.removeAll { $0.0 == key.stringValue }
        members.append((key.stringValue, member))
        box.value = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws {
        let member = JSONValueBox()
        append(key, member)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        append(key, try encodeValue(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let member = JSONValueBox()
        append(key, member)
        return JSONValueEncoder(box: member, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = JSONValueBox()
        append(key, member)
        return JSONValueEncoder(box: member, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { JSONValueEncoder(box: box, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let member = JSONValueBox()
        append(key, member)
        return JSONValueEncoder(box: member, codingPath: codingPath + [key])
    }
}

struct UnkeyedJSONContainer: UnkeyedEncodingContainer {
    let box: JSONValueBox
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = box.value { return items.count }
        return 0
    }

    private func append(_ member: JSONValueBox) {
        guard case .array(var items) = box.value else { return }
        // The box lets go of its array first, so appending does not copy it: a list of n members costs n appends.
        box.value = .null
        items.append(member)
        box.value = .array(items)
    }

    mutating func encodeNil() throws { append(JSONValueBox()) }
    mutating func encode(_ value: some Encodable) throws { append(try encodeValue(value, codingPath: codingPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let member = JSONValueBox()
        append(member)
        return JSONValueEncoder(box: member, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let member = JSONValueBox()
        append(member)
        return JSONValueEncoder(box: member, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let member = JSONValueBox()
        append(member)
        return JSONValueEncoder(box: member, codingPath: codingPath)
    }
}

struct SingleJSONContainer: SingleValueEncodingContainer {
    let box: JSONValueBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: some Encodable) throws { box.value = try encodeValue(value, codingPath: codingPath).value }
}
