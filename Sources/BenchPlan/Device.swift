
/// A real device to play the players on: its memory sizes SDWebImage's pool, its refresh rate paces real-time mode,
/// its cores bound `--cpus`. The host's own memory is not a phone's (SDWebImage's maintainers warn of the same trap
/// in the iOS Simulator), so a run that compares libraries should name one.
public struct Device: Sendable, Hashable {
    public var name: String
    public var physicalBytes: UInt64
    /// A typical free memory while an app plays GIFs. Apple publishes no figure; the table assumes a third of physical
    /// memory (the rest is the system, the app and other apps) and says so. `--device-free` overrides it.
    public var freeBytes: UInt64
    public var refreshHz: Double
    public var cores: Int
    /// Where the physical memory and the rest come from.
    public var source: String

    static let gibibyte: UInt64 = 1 << 30

    public init(name: String, physicalBytes: UInt64, freeBytes: UInt64, refreshHz: Double, cores: Int, source: String) {
        self.name = name
        self.physicalBytes = physicalBytes
        self.freeBytes = freeBytes
        self.refreshHz = refreshHz
        self.cores = cores
        self.source = source
    }

    /// The built-in devices. Apple does not state RAM; the figures are those Xcode's device files list, as reported by
    /// MacRumors (iPhone 15 and 15 Pro: macrumors.com/2023/09/12/iphone-15-pro-models-have-8gb-ram/; iPhone SE 2nd and
    /// 3rd generation: MacRumors via tomsguide.com/news/iphone-se-2022-has-this-hidden-upgrade). Refresh rates and
    /// cores are Apple's specifications (ProMotion up to 120 Hz on the Pro; A13, A15, A16 and A17 Pro have 6-core
    /// CPUs).
    public static let table: [Device] = [
        Device(name: "iphone-se-2", physicalBytes: 3 * gibibyte, freeBytes: gibibyte, refreshHz: 60, cores: 6,
               source: "3 GB (Xcode device files via MacRumors, 2022); 60 Hz; A13, 6 cores"),
        Device(name: "iphone-se-3", physicalBytes: 4 * gibibyte, freeBytes: 4 * gibibyte / 3, refreshHz: 60, cores: 6,
               source: "4 GB (Xcode 13.3 device files via MacRumors, 2022); 60 Hz; A15, 6 cores"),
        Device(name: "iphone-15", physicalBytes: 6 * gibibyte, freeBytes: 2 * gibibyte, refreshHz: 60, cores: 6,
               source: "6 GB (Xcode 15 RC device files via MacRumors, 2023); 60 Hz; A16, 6 cores"),
        Device(name: "iphone-15-pro", physicalBytes: 8 * gibibyte, freeBytes: 8 * gibibyte / 3, refreshHz: 120,
               cores: 6,
               source: "8 GB (Xcode 15 RC device files via MacRumors, 2023); ProMotion 120 Hz; A17 Pro, 6 cores"),
    ]

    /// The device named `name`, or one line listing the names there are.
    public static func named(_ name: String) throws(UsageError) -> Device {
        guard let device = table.first(where: { $0.name == name.lowercased() }) else {
            throw UsageError("unknown device '\(name)' (use \(table.map(\.name).joined(separator: ", ")))")
        }
        return device
    }

    /// The memory SDWebImage's rule reads.
    public var memory: MachineMemory { MachineMemory(physicalBytes: physicalBytes, availableBytes: freeBytes) }
}
