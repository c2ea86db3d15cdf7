/// One reading of jemalloc's global statistics during playback.
public struct MemorySample: Sendable, Hashable, Codable {
    /// Seconds since the sampler started.
    public var time: Double
    public var allocated: Int
    public var active: Int
    public var resident: Int

    public init(time: Double, allocated: Int, active: Int, resident: Int) {
        self.time = time
        self.allocated = allocated
        self.active = active
        self.resident = resident
    }
}

/// A bounded record of samples: when full, it keeps every other sample and halves its rate,
/// so a long run costs the same memory as a short one and still spans the whole run.
public struct MemoryTimeline: Sendable, Codable {
    public private(set) var samples: [MemorySample] = []
    /// Keep one in `stride` offered samples.
    public private(set) var stride = 1
    private var offered = 0
    public let capacity: Int

    /// Samples a timeline keeps unless told: 1024 of 32 bytes, 32 KiB.
    public static let defaultCapacity = 1024

    public init(capacity: Int = MemoryTimeline.defaultCapacity) {
        self.capacity = max(capacity, 2)
        samples.reserveCapacity(self.capacity)
    }

    public mutating func offer(_ sample: MemorySample) {
        defer { offered += 1 }
        guard offered % stride == 0 else { return }
        if samples.count == capacity {
            samples = Swift.stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
            stride *= 2
            guard offered % stride == 0 else { return }
        }
        samples.append(sample)
    }
}
