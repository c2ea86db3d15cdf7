import CaseModel
import FrameDecoders
import GIFCodec
import MemoryProbe
import Playback

#if canImport(Glibc)
    import Glibc
#endif

/// A warm worker of the paired gate (`bench gate`): one process per case and side, which loads the file once and
/// then plays one measured pass per request, so the gate can alternate the base's passes with the candidate's in
/// the same few seconds instead of paying a fresh process, its start-up and its page faults, per sample.
///
/// The protocol is lines on stdin and stdout (``PassProtocol``): the worker says `ready 1` once loaded; each `pass`
/// is answered by `pass CPU WALL FAULTS SWITCHES`; `quit` or the end of stdin ends it; a failure is one `error …`
/// line and exit 1.
enum PassWorker {
    static func serve(_ benchCase: BenchCase, players: PlayerRegistry) -> Int32 {
        do {
            // Both sides' workers sit on the same single CPU (the first this process may use), so the base's pass
            // and the candidate's meet the same core, caches and neighbour.
            try CPUAffinity.pin(toFirst: benchCase.cpus ?? 1)
            try Jemalloc.verifyServingThisProcess()
            let container = try CaseExecution.open(benchCase)
            RuntimeWarmUp.run(
                benchCase.decoder, players: players, format: container.format, codec: benchCase.codec,
                display: benchCase.display)
            say("\(PassProtocol.ready) \(PassProtocol.version)")
            while let line = readLine() {
                switch line {
                case PassProtocol.pass: say(try pass(benchCase, container, players: players).line)
                case PassProtocol.quit: return 0
                default: throw PassWorkerError(reason: "unknown request '\(line.prefix(40))'")
                }
            }
            return 0
        } catch {
            say("\(PassProtocol.error) \(CaseExecution.failure(error))")
            return 1
        }
    }

    /// One pass: build the decoder, play the case's loops in throughput mode, let prefetching settle, and release the
    /// decoder (its thread joined, its frames freed), all inside the measured interval: each pass does the same work.
    static func pass(_ benchCase: BenchCase, _ container: any AnimationContainer, players: PlayerRegistry) throws
        -> PassFigures {
        let start = CPUTimes.now()
        do {
            let player = PlaybackLoop(
                source: try CaseExecution.makeDecoder(
                    benchCase.decoder, container, players: players, limits: benchCase.limits,
                    codec: benchCase.codec, planted: benchCase.identity.planted,
                    display: benchCase.display), sampler: nil)
            _ = try player.play(loops: benchCase.loops, start: start.wall)
            player.source.waitUntilPrefetched()
        }
        PlantedPageFaults.touch(bytes: benchCase.identity.planted.pageFaultBytes, loops: benchCase.loops)
        let spent = CPUTimes.now().since(start)
        return PassFigures(
            cpuSeconds: spent.process, wallSeconds: spent.wall, minorFaults: spent.minorFaults,
            voluntarySwitches: spent.voluntarySwitches)
    }

    private static func say(_ line: String) {
        print(line)
        fflush(nil)
    }
}

/// A request the worker does not know.
struct PassWorkerError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
