/// How much memory the machine has, for policies that size their buffer from it.
public struct MachineMemory: Sendable, Hashable {
    public var physicalBytes: UInt64
    public var availableBytes: UInt64

    public init(physicalBytes: UInt64, availableBytes: UInt64) {
        self.physicalBytes = physicalBytes
        self.availableBytes = availableBytes
    }
}
