/// The raw `mallctl` calls: read, write and trigger, each checked.
enum Mallctl {
    /// Reads a fixed-size value into stack storage (no heap allocation, so reads never show in malloc counts).
    static func read<Value: BitwiseCopyable>(_ name: String,
                                             as type: Value.Type = Value.self) throws(ProbeError) -> Value {
        try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { (value) throws(ProbeError) -> Value in
            var size = MemoryLayout<Value>.size
            guard let mallctl = JemallocSymbols.mallctl else { throw JemallocSymbols.missing }
            let result = mallctl(name, value.baseAddress, &size, nil, 0)
            guard result == 0 else { throw .mallctl(name: name, errno: result) }
            return value[0]
        }
    }

    static func write<Value>(_ name: String, _ newValue: Value) throws(ProbeError) {
        guard let mallctl = JemallocSymbols.mallctl else { throw JemallocSymbols.missing }
        var value = newValue
        let result = withUnsafeMutablePointer(to: &value) { mallctl(name, nil, nil, $0, MemoryLayout<Value>.size) }
        guard result == 0 else { throw .mallctl(name: name, errno: result) }
    }

    /// A control that takes no value (`arena.<i>.purge`, `thread.tcache.flush`, `thread.peak.reset`).
    static func trigger(_ name: String) throws(ProbeError) {
        guard let mallctl = JemallocSymbols.mallctl else { throw JemallocSymbols.missing }
        let result = mallctl(name, nil, nil, nil, 0)
        guard result == 0 else { throw .mallctl(name: name, errno: result) }
    }

    static func string(_ name: String) throws(ProbeError) -> String {
        let pointer: UnsafePointer<CChar>? = try read(name)
        return pointer.map { String(cString: $0) } ?? ""
    }

    static let allArenas = "4096"
}

/// A mallctl name translated once into its management information base, so repeated reads skip the name lookup.
struct MallctlMIB: @unchecked Sendable {
    private var mib: [Int]
    let name: String

    init(_ name: String) throws(ProbeError) {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        guard let mallctlnametomib = JemallocSymbols.nameToMIB else { throw JemallocSymbols.missing }
        let result = mallctlnametomib(name, &mib, &length)
        guard result == 0 else { throw .mallctl(name: name, errno: result) }
        self.mib = Array(mib.prefix(length))
        self.name = name
    }

    func read<Value: BitwiseCopyable>(as type: Value.Type) throws(ProbeError) -> Value {
        try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { (value) throws(ProbeError) -> Value in
            var size = MemoryLayout<Value>.size
            guard let mallctlbymib = JemallocSymbols.byMIB else { throw JemallocSymbols.missing }
            let result = mib.withUnsafeBufferPointer { mallctlbymib($0.baseAddress, $0.count, value.baseAddress, &size, nil, 0) }
            guard result == 0 else { throw .mallctl(name: name, errno: result) }
            return value[0]
        }
    }

    func write<Value>(_ newValue: Value) throws(ProbeError) {
        guard let mallctlbymib = JemallocSymbols.byMIB else { throw JemallocSymbols.missing }
        var value = newValue
        let result = mib.withUnsafeBufferPointer { mib in
            withUnsafeMutablePointer(to: &value) { mallctlbymib(mib.baseAddress, mib.count, nil, nil, $0, MemoryLayout<Value>.size) }
        }
        guard result == 0 else { throw .mallctl(name: name, errno: result) }
    }
}
