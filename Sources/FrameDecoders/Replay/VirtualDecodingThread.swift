/// A decoder's background thread on a ``VirtualClock``: a serial queue that runs one decode at a time, each taking
/// its traced cost from the moment it starts. It never runs ahead of the clock: a decode ends only once the clock has
/// reached its end. In a feed its decodes wait for a slot of the feed's ``VirtualDecodePool``, and it starts no decode
/// before its decoder is built (``availableFrom``).
struct VirtualDecodingThread<Job> {
    /// The decode running, and when it ends.
    private(set) var running: (job: Job, cost: Double, ends: Double, grant: Int?)?
    /// Seconds of traced decoding this thread has run (started decodes, whole).
    private(set) var busySeconds = 0.0
    /// Decodes started.
    private(set) var decodes = 0
    /// The shared pool its decodes wait for, if any.
    let pool: VirtualDecodePool?
    /// The earliest time it may start a decode.
    let availableFrom: Double

    init(pool: VirtualDecodePool? = nil, availableFrom: Double = -.infinity) {
        self.pool = pool
        self.availableFrom = availableFrom
    }

    var isIdle: Bool { running == nil }

    /// Starts `job` at `time` (or once the pool has a slot for it), to end `cost` seconds later.
    mutating func start(_ job: Job, at time: Double, cost: Double) {
        precondition(running == nil, "a serial queue decodes one frame at a time")
        let asked = max(time, availableFrom)
        let granted = pool?.grant(from: asked, cost: cost)
        let start = granted?.start ?? asked
        running = (job, cost, start + cost, granted?.id)
        busySeconds += cost
        decodes += 1
    }

    /// The decode running when it has ended by `time`: the job, its cost and when it ended.
    mutating func finished(by time: Double) -> (job: Job, cost: Double, ended: Double)? {
        guard let running, running.ends <= time + 1e-12 else { return nil }
        self.running = nil
        if let grant = running.grant { pool?.ended(grant) }
        return (running.job, running.cost, running.ends)
    }
}
