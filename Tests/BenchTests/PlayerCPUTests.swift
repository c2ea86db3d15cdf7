import BenchCore
import Playback
import BenchRunning
import FrameDecoders
import Foundation
import GIFCodec
import GIFCorpus
import MemoryProbe
import Testing

/// The player's CPU apart from the harness's: each thread's own clock, and the process's total their sum.
@Suite struct PlayerCPUTests {
    /// Every thread a case runs is counted once: the playing thread, the decoder's decoding thread and the memory
    /// sampler add up to the process's CPU clock over the interval, in both modes. A thread left out of the process's
    /// figure (the calling thread's clock read for the process's) or out of the sum breaks it by that thread's CPU.
    @Test(arguments: ["throughput", "realtime"])
    func threadsAddUpToTheProcess(mode: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-threads-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProgram.run(["run", "--gif", "short-320x240x100", "--decoders", "eager,windowed", "--windows", "4",
                                        "--mode", mode, "--speed", "8", "--loops", "2", "--repetitions", "1", "--warmup", "0",
                                        "--out", out])
        #expect(run.status == 0, "\(run.errors)")
        let report = try BenchProgram.report(in: out)
        #expect(report.results.count == 2)
        for row in report.results {
            let playing = try #require(row.value(.cpuPlayingThread)), decoding = try #require(row.value(.cpuDecodingThread))
            let sampler = try #require(row.value(.cpuSampler))
            let sum = playing + decoding + sampler
            #expect(abs(row[.cpuTotal] - sum) <= 0.001 + 0.05 * row[.cpuTotal],
                    "\(row.benchCase.decoder): process \(row[.cpuTotal]) s, threads \(playing) + \(decoding) + \(sampler) s")
            #expect(row[.cpuHarness] >= 0 && abs(row[.cpuPlayer] + row[.cpuHarness] - row[.cpuTotal]) < 1e-9)
            if row.benchCase.decoder == .eager {
                #expect(decoding == 0, "eager decodes on the playing thread")
            } else {
                #expect(decoding > playing, "windowed decodes on its prefetch thread: \(decoding) s against \(playing) s")
            }
        }
    }

    /// First-frame time is read when frame 0 is in hand: with every frame taking 100 ms to decode, window 1 has frame 0
    /// after one decode, not two.
    @Test func firstFrameIsFrameZerosArrival() throws {
        let spec = SyntheticSpec(name: "first-frame-16x16x3", width: 16, height: 16, frameCount: 3, delayCentiseconds: 10, scene: .plasma)
        let container = try GIFContainer(bytes: GIFBytes(SyntheticCorpus.gif(for: spec)))
        // The clock starts before the decoder is built: the windowed decoder starts frame 0 as it is built, so a start
        // read after it could fall within that decode and the first frame seem to come sooner than one decode.
        let start = CPUTimes.monotonic()
        let decoder = try WindowedDecoder(container: container, window: 1, compositor: SleepingCompositor(container: container, seconds: 0.1))
        let observation = try PlaybackLoop(source: decoder, sampler: nil).play(loops: 1, start: start)
        #expect(observation.firstFrameSeconds >= 0.1 && observation.firstFrameSeconds < 0.19,
                "first frame after \(observation.firstFrameSeconds) s: one 100 ms decode")
    }
}

/// The busy-host line: other processes' CPU is the machine's busy time less the run's own.
@Suite struct HostActivityTests {
    @Test func othersAreTheMachineLessTheRun() throws {
        let start = HostActivity.Reading(busySeconds: 100, stealSeconds: 1, ownSeconds: 10, time: 1000)
        // 10 s of wall on 2 CPUs: the machine busy for 14 CPU-seconds, 12 of them the run's own.
        let quiet = HostActivity(from: start, to: .init(busySeconds: 114, stealSeconds: 1, ownSeconds: 22, time: 1010), cores: 2)
        #expect(abs(quiet.othersSeconds - 2) < 1e-9 && abs(quiet.othersCPUs - 0.2) < 1e-9)
        #expect(!quiet.isBusy)
        let busy = HostActivity(from: start, to: .init(busySeconds: 125, stealSeconds: 1, ownSeconds: 22, time: 1010), cores: 2)
        #expect(abs(busy.othersCPUs - 1.3) < 1e-9 && busy.isBusy)
        let stolen = HostActivity(from: start, to: .init(busySeconds: 112, stealSeconds: 3, ownSeconds: 22, time: 1010), cores: 2)
        #expect(abs(stolen.stealShare - 0.1) < 1e-9 && stolen.isBusy)
        #expect(HostActivity.read() != nil, "Linux's /proc/stat is read")
    }
}
