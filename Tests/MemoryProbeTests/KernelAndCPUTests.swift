import MemoryProbe
import Testing

@Suite("Kernel memory and CPU clocks")
struct KernelAndCPUTests {
    @Test("VmRSS and VmHWM are read and the peak is at least the current size")
    func kernel() throws {
        let memory = try KernelMemory.current()
        #expect(memory.residentBytes > 1 << 20)
        #expect(memory.peakResidentBytes >= memory.residentBytes)
        // The same lines as a text reader finds them (within what the process may grow between the two reads).
        let text = try ProcFile.read("/proc/self/status")
        let rss = try #require(ProcFile.kilobytes("VmRSS", in: text)), hwm = try #require(ProcFile.kilobytes("VmHWM", in: text))
        #expect(abs(rss * 1024 - memory.residentBytes) < 8 << 20, "VmRSS \(rss) kB")
        #expect(abs(hwm * 1024 - memory.peakResidentBytes) < 8 << 20, "VmHWM \(hwm) kB")
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

    @Test("the process CPU clock is CPU time: it agrees with getrusage's user + system")
    func processClockIsCPUTime() {
        // Both count every thread's CPU since the process started, from the same scheduler accounting; they are read
        // a few microseconds apart while other tests' threads run, so they may differ by the CPU of those moments.
        let times = CPUTimes.now()
        let rusage = times.user + times.system
        #expect(abs(times.process - rusage) < 0.05 + 0.02 * rusage, "process clock \(times.process) s, getrusage \(rusage) s")
    }
}
