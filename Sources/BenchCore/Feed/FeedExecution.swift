import CaseModel
import FrameDecoders
import GIFCodec
import MemoryProbe
import Playback
#if canImport(Glibc)
import Glibc
#endif

/// The child-process side of `bench feed`: load the GIFs once, play the feed, measure it, release it.
public enum FeedExecution {
    public static func run(_ feed: FeedCase, players: PlayerRegistry) -> FeedResult {
        var result = FeedResult(feed: feed)
        do {
            try measure(feed, players: players, into: &result)
        } catch {
            result.failure = CaseExecution.failure(error)
        }
        return result
    }

    private static func measure(_ feed: FeedCase, players: PlayerRegistry, into result: inout FeedResult) throws {
        if let cpus = feed.cpus { try CPUAffinity.pin(toFirst: cpus) }
        try Jemalloc.verifyServingThisProcess()
        // Every thread of the feed joins the ledger: this one (the display link) and each background thread.
        let ledger = AllocationLedger()
        try ledger.join()
        ledger.followBackgroundThreads()
        // One copy of each file's bytes, shared by every player of it, as an image cache shares its data.
        var containers: [String: GIFContainer] = [:]
        for gif in feed.gifs where containers[gif.path] == nil {
            let bytes = try GIFBytes(contentsOfFile: gif.path,
                                     rules: InputFileRules(maxBytes: feed.limits.maxFileBytes))
            containers[gif.path] = try GIFContainer(bytes: bytes)
        }
        for gif in feed.gifs {
            RuntimeWarmUp.run(gif.decoder, players: players, codec: feed.codec, display: feed.display)
        }
        let pool = DecodePool(width: feed.poolWidth)
        try Jemalloc.purge()
        try KernelMemory.resetPeak()
        result.allocatedAtStart = try AllocatorCounters.allocatedNow()
        let stage = MeasuredFeedStage(feed: feed, containers: containers, pool: pool, players: players,
                                      memory: FeedMemory(ledger: ledger, statsAllocated: result.allocatedAtStart))
        let cpuAtStart = CPUTimes.now()
        let observation = try FeedPlayback.run(feed, stage: stage, start: cpuAtStart.wall)
        let memory = stage.memory
        let spent = CPUTimes.now().since(cpuAtStart)
        result.cpuSeconds = spent.process
        result.wallSeconds = spent.wall
        result.harnessCPUSeconds = observation.displayLinkCPUSeconds
        result.ticks = observation.ticks
        result.missedTicks = observation.missedTicks
        result.players = observation.players
        result.events = observation.events
        result.poolWidth = pool.width
        result.poolMaxRunning = pool.maxRunning
        result.poolTasks = pool.tasks
        result.allocatedPeak = memory.peak
        result.memoryReadings = memory.readings
        result.ledgerDrift = memory.drift
        result.timeline = memory.timeline.samples
        try Jemalloc.purge()
        result.allocatedAtEnd = try AllocatorCounters.allocatedNow()
        result.rssPeak = try KernelMemory.current().peakResidentBytes
    }
}
