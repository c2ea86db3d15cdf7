import MemoryProbe
import Testing

@Suite("Kernel memory and CPU clocks")
struct KernelAndCPUTests {
    @Test("VmRSS and VmHWM are read and the peak is at least the current size")
    func kernel() throws {
        let memory = try KernelMemory.current()
        #expect(memory.residentBytes > 1 << 20)
        #expect(memory.peakResidentBytes >= memory.residentBytes)
    }

    @Test("CPU and wall clocks move forward with work")
    func clocks() {
        let start = CPUTimes.now()
        var sink: UInt64 = 0
        while CPUTimes.now().since(start).process < 0.02 { sink &+= 1 }
        let spent = CPUTimes.now().since(start)
        #expect(spent.process >= 0.02)
        #expect(spent.wall > 0)
        #expect(spent.user + spent.system > 0)
        #expect(sink > 0)
    }
}
