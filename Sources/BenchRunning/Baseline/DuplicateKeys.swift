import Foundation

/// JSON readers keep the last of two equal keys in one object without a word; a baseline edited by hand (or merged
/// badly) could then gate against figures nobody meant. This scan names the first key that appears twice.
enum DuplicateKeys {
    /// The first key found twice within one object of `data`, with the path of enclosing keys, or `nil`.
    static func first(in data: Data) -> String? {
        let bytes = [UInt8](data)
        // One entry per open container: the keys seen so far for an object, nil for an array.
        var open: [(keys: Set<String>, isObject: Bool, name: String)] = []
        var expectingKey = false
        var lastKey = ""
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                open.append(([], true, open.last?.isObject == false ? "[]" : lastKey))
                expectingKey = true
            case UInt8(ascii: "["):
                open.append(([], false, open.last?.isObject == false ? "[]" : lastKey))
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !open.isEmpty { open.removeLast() }
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = open.last?.isObject ?? false
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                if expectingKey, !open.isEmpty {
                    let token = Data(bytes[start...index])
                    let key = (try? JSONDecoder().decode(String.self, from: token)) ?? String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                    if !open[open.count - 1].keys.insert(key).inserted {
                        let path = open.map(\.name).filter { !$0.isEmpty } + [key]
                        return path.joined(separator: ".").replacingOccurrences(of: ".[]", with: "[]")
                    }
                    lastKey = key
                    expectingKey = false
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
