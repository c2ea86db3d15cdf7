import BenchRunning
import BenchPlan
import CaseModel
import Foundation
import SystemFiles

/// The parent's end of one warm worker (``PassProtocol``): a measuring child that has loaded one case and plays a
/// measured pass each time it is asked. Every failure is one line naming the side and the case.
public final class WarmWorker {
    private let process = Process()
    private let requests = Pipe(), answers = Pipe(), errors = Pipe()
    private var buffered: [UInt8] = []
    /// "base 768f7bf8d46d · sticker-240x240x60 · windowed w=4", for errors.
    public let label: String
    /// Seconds one pass may take before the worker is stopped.
    private let timeout: Double

    /// Starts `program` with `arguments` and waits for its `ready` line.
    public init(program: String, arguments: [String], label: String, timeout: Double) throws(UsageError) {
        self.label = label
        self.timeout = timeout
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ChildProcess.childEnvironment()
        process.standardInput = requests
        process.standardOutput = answers
        process.standardError = errors
        do { try process.run() } catch {
            throw UsageError("\(label): \(ChildStartError(executable: program, error: error))")
        }
        let first = try line()
        guard first == "\(PassProtocol.ready) \(PassProtocol.version)" else {
            throw failure("its worker did not start (\(first.isEmpty ? "no answer" : first))")
        }
    }

    deinit { stop() }

    /// One measured pass.
    public func pass() throws(UsageError) -> PassFigures {
        send(PassProtocol.pass)
        let answer = try line()
        guard let figures = PassFigures(line: answer) else {
            throw failure(answer.isEmpty ? "the worker ended" : answer)
        }
        return figures
    }

    /// Asks the worker to end, and ends it if it does not within a second.
    public func stop() {
        guard process.isRunning else { return }
        send(PassProtocol.quit)
        try? requests.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Writes `request` to the worker. A worker that has ended has closed its end: the write then fails (never by a
    /// SIGPIPE that would end the gate), and the next answer says the worker ended.
    private func send(_ request: String) {
        try? PipeWrite.write(
            Array((request + "\n").utf8), to: requests.fileHandleForWriting.fileDescriptor, what: "\(label)'s requests")
    }

    /// The next line the worker writes; empty at its end. Waits at most `timeout` seconds.
    private func line() throws(UsageError) -> String {
        let descriptor = answers.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeSubrange(...end)
                return text
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                kill(process.processIdentifier, SIGKILL)
                throw UsageError("\(label): a pass took longer than \(Int(timeout)) s; the worker was stopped")
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return "" }
            buffered += chunk[..<count]
        }
    }

    /// One line: the side and case, what went wrong, and the worker's last words on stderr if it crashed.
    private func failure(_ what: String) -> UsageError {
        stop()
        let said =
            String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
            .split(separator: "\n").last.map { "; it said: \($0)" } ?? ""
        return UsageError("\(label): \(what)\(said)")
    }
}
