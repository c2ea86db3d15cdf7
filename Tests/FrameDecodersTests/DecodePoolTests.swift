import FrameDecoders
import Foundation
import Synchronization
import Testing

@Suite("Decode pool")
struct DecodePoolTests {
    @Test("never runs more tasks than its width, fills it when there is work, and runs every task")
    func width() {
        let pool = DecodePool(width: 2)
        let running = Atomic<Int>(0), most = Atomic<Int>(0)
        // Six threads of their own (not concurrentPerform, which runs no more at once than there are cores).
        let finished = DispatchGroup()
        for _ in 0..<6 {
            finished.enter()
            Thread {
                for _ in 0..<40 {
                    pool.run {
                        let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                        _ = most.max(now, ordering: .sequentiallyConsistent)
                        usleep(200)
                        running.subtract(1, ordering: .sequentiallyConsistent)
                    }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(most.load(ordering: .sequentiallyConsistent) == 2)
        #expect(pool.maxRunning == 2)
        #expect(pool.tasks == 240)
    }

    @Test("an error thrown in the pool frees its place")
    func throwing() {
        struct Planned: Error {}
        let pool = DecodePool(width: 1)
        #expect(throws: Planned.self) { try pool.run { () throws(Planned) in throw Planned() } }
        // On a thread of its own, so a place never freed fails the test instead of hanging it.
        let ran = DispatchSemaphore(value: 0)
        Thread { if pool.run({ 7 }) == 7 { ran.signal() } }.start()
        #expect(ran.wait(timeout: .now() + 10) == .success, "the pool's only place was not freed by the error")
    }
}
