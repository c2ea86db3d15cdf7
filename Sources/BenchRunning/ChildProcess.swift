import CaseModel
import Foundation
import Synchronization

/// How a child process ended.
public struct ChildOutcome: Sendable {
    public var standardOutput: Data
    public var standardError: Data
    /// Exit status, when it exited.
    public var exitStatus: Int32?
    /// The signal that ended it, when one did.
    public var signal: Int32?
    public var timedOut: Bool
    /// The child was stopped because the parent was asked to stop.
    public var interrupted: Bool
    public var seconds: Double

    public init(standardOutput: Data = Data(), standardError: Data = Data(), exitStatus: Int32? = 0,
                signal: Int32? = nil,
                timedOut: Bool = false, interrupted: Bool = false, seconds: Double = 0) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitStatus = exitStatus
        self.signal = signal
        self.timedOut = timedOut
        self.interrupted = interrupted
        self.seconds = seconds
    }
}

/// A child that could not be started, in one line with the system's reason ("Too many open files"), not
/// Foundation's nested error dump.
public struct ChildStartError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(executable: String, error: Error) {
        var innermost = error as NSError
        while let underlying = innermost.userInfo[NSUnderlyingErrorKey] as? NSError { innermost = underlying }
        let reason = innermost.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(innermost.code))) : innermost.localizedDescription
        description = "could not start \(executable): \(reason)"
    }
}

/// Runs one program to completion with a time limit, collecting its stdout and stderr.
public enum ChildProcess {
    /// A child's environment: this process's, naming this process as its parent (``ParentProcess``, so the child
    /// ends when the parent dies), with `extra` over it.
    public static func childEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[ParentProcess.environmentKey] = "\(getpid())"
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Starts `executable` with `arguments`; kills it with SIGKILL after `timeout` seconds, or as soon as
    /// `shouldStop` says so (the parent was interrupted).
    public static func run(_ executable: String, _ arguments: [String], timeout: Double,
                           environment: [String: String] = [:],
                           shouldStop: () -> Bool = { false }) throws(ChildStartError) -> ChildOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment(adding: environment)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        do { try process.run() } catch { throw ChildStartError(executable: executable, error: error) }

        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = Self.readAll(pipe.fileHandleForReading.fileDescriptor)
                collected.store(data, isOutput: isOutput)
                group.leave()
            }
        }
        var timedOut = false, interrupted = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                timedOut = true
                killTree(process.processIdentifier)
                break
            }
            if shouldStop() {
                interrupted = true
                killTree(process.processIdentifier)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        group.wait()
        let signalled = process.terminationReason == .uncaughtSignal
        return ChildOutcome(standardOutput: collected.output, standardError: collected.errors,
                            exitStatus: signalled ? nil : process.terminationStatus,
                            signal: signalled ? process.terminationStatus : nil,
                            timedOut: timedOut, interrupted: interrupted, seconds: Date().timeIntervalSince(start))
    }
}

extension ChildProcess {
    /// Kills `pid` and every process it started, however deep (a `swift build` and its compilers): each is stopped
    /// first, so none can start another, then all are killed. Descendants are read from `/proc/PID/task/*/children`.
    static func killTree(_ pid: pid_t) {
        var seen: [pid_t] = []
        var pending = [pid]
        while let next = pending.popLast(), seen.count < 10_000 {
            guard !seen.contains(next) else { continue }
            kill(next, SIGSTOP)
            seen.append(next)
            pending += children(of: next)
        }
        for process in seen.reversed() { kill(process, SIGKILL) }
        for process in seen { kill(process, SIGCONT) }
    }

    /// The processes `pid`'s threads started, from the kernel's `children` lists.
    static func children(of pid: pid_t) -> [pid_t] {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return threads.flatMap { thread -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Everything a pipe holds until its writer closes it. A signal that interrupts a read (EINTR) is retried:
    /// Foundation's `readDataToEndOfFile()` traps on it instead.
    static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: chunk[0..<count]); continue }
            if count < 0 && errno == EINTR { continue }
            return data
        }
    }
}

/// The two pipes' contents, stored by the reader threads and read once they are done.
private final class CollectedOutput: Sendable {
    private let stored = Mutex<(output: Data, errors: Data)>((Data(), Data()))

    func store(_ data: Data, isOutput: Bool) {
        stored.withLock { if isOutput { $0.output = data } else { $0.errors = data } }
    }

    var output: Data { stored.withLock { $0.output } }
    var errors: Data { stored.withLock { $0.errors } }
}
