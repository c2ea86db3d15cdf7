import MemoryProbe
import Testing
import TestFixtures
#if canImport(Glibc)
import Glibc
#endif

@Suite("jemalloc is linked")
struct JemallocLinkedTests {
    /// The memory suites skip when jemalloc does not serve malloc; only a build that left it out on purpose may.
    @Test("jemalloc serves this process, unless the build left it out (GIF_FRAME_BENCH_NO_JEMALLOC, a sanitizer build)")
    func serves() {
        #expect(Fixtures.jemallocServes || getenv("GIF_FRAME_BENCH_NO_JEMALLOC") != nil, "\(Fixtures.jemallocSkipReason)")
    }
}

@Suite("jemalloc probe", .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
struct JemallocTests {
    @Test("jemalloc serves this process and reports its version")
    func serving() throws {
        try Jemalloc.verifyServingThisProcess()
        #expect(try Jemalloc.version().hasPrefix("5."))
    }

    @Test("allocating and freeing a known block moves this thread's counters by that amount")
    func threadCounters() throws {
        let size = 48 << 20
        let before = try ThreadAllocationTotals.current()
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        let held = try ThreadAllocationTotals.current().netBytes(since: before)
        block.deallocate()
        let released = try ThreadAllocationTotals.current().netBytes(since: before)
        #expect(held >= size && held < size + (1 << 20))
        #expect(abs(released) < 1 << 20)
    }

    @Test("the sampler's peaks are its largest samples: a block held at one sample and freed before the last still counts")
    func samplerKeepsPeaks() throws {
        let sampler = MemorySampler(interval: 0)  // no background thread: the samples taken are the three asked for
        let size = 64 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        sampler.sample()
        block.deallocate()
        let (peaks, timeline, samples) = sampler.stop()
        #expect(samples == 3 && timeline.samples.count == 3)
        let held = try #require(timeline.samples.map(\.allocated).max())
        #expect(held >= size, "no sample saw the \(size)-byte block: \(timeline.samples)")
        #expect(peaks.allocated == held, "peak \(peaks.allocated), largest sample \(held)")
        #expect(peaks.active == timeline.samples.map(\.active).max())
        #expect(peaks.resident == timeline.samples.map(\.resident).max())
    }

    @Test("the global statistics are coherent")
    func stats() throws {
        let stats = try Jemalloc.stats()
        #expect(stats.allocated > 0)
        #expect(stats.active >= stats.allocated)
        #expect(stats.resident >= stats.active / 2)
        #expect(stats.mapped >= stats.active)
        try Jemalloc.purge()
        #expect(try Jemalloc.mallocCount() > 0)
    }

    @Test("a kernel reading allocates nothing: a case takes one between playback and its last malloc count")
    func kernelReadingAllocatesNothing() throws {
        _ = try KernelMemory.current()
        // Reading the counters may itself allocate; two readings in a row measure that cost.
        let start = try ThreadAllocationTotals.current()
        let control = try ThreadAllocationTotals.current()
        let memory = try KernelMemory.current()
        let end = try ThreadAllocationTotals.current()
        let reading = control.allocated - start.allocated
        #expect(end.allocated - control.allocated == reading, "\(end.allocated - control.allocated - reading) bytes allocated by a kernel reading")
        #expect(memory.residentBytes > 0)
    }
}
