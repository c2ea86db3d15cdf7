import BenchRunning
import BenchPlan
import Foundation

/// The base side of a paired gate: a commit of this repository, exported with `git archive` into a folder of its own
/// and built for release there with the `swift` on PATH, the toolchain that built the candidate. Builds are kept under
/// `.build/paired/COMMIT/` and reused, so a second gate against the same base costs no build.
public struct BaseBuild: Sendable {
    /// The full commit hash.
    public var commit: String
    /// Its `bench`, with `bench-case` beside it.
    public var bench: String

    /// The commit hash `revision` names in `repository`, or one line saying why there is none.
    public static func resolve(_ revision: String, repository: String) throws(UsageError) -> String {
        if revision.hasSuffix(RunMetadata.dirtySuffix) {
            throw UsageError("base \(revision): the baseline was saved from a tree with uncommitted changes, so no "
                             + "commit holds its code; "
                             + "save the baseline again from a clean tree, or name a base with --base REV")
        }
        let outcome = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: repository)
        let commit = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.exitStatus == 0, !commit.isEmpty else {
            throw UsageError("base \(revision) is not a commit of \(repository); a shallow clone lacks it "
                             + "(fetch the history: git fetch --unshallow, or actions/checkout with fetch-depth: 0)")
        }
        return commit
    }

    /// Builds `commit` unless a finished build of it is kept; `note` hears each step. One line on failure: what
    /// failed, its last error line, and where the whole log is. The build is a child like any other: stopped, with
    /// every compiler it started, when `shouldStop` says so, and its folder removed when it did not finish. One gate
    /// builds a commit at a time: a second waits on the commit's lock, then reuses the finished build.
    /// `ticking` hears, about once a second while the compiler runs, how long it has run (and how long the last
    /// base build here took).
    public static func build(commit: String, repository: String, timeout: Double = 3600,
                             note: (String) -> Void = { _ in },
                             ticking: (String) -> Void = { _ in },
                             shouldStop: () -> Bool = { false }) throws(UsageError) -> BaseBuild {
        let short = String(commit.prefix(12))
        let paired = repository + "/.build/paired"
        let folder = paired + "/" + short
        try? FileManager.default.createDirectory(atPath: paired, withIntermediateDirectories: true)
        let lock = open(folder + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw UsageError("\(folder).lock: cannot make the base build's lock "
                                                + "(\(String(cString: strerror(errno))))") }
        defer { close(lock) }
        if flock(lock, LOCK_EX | LOCK_NB) != 0 {
            note("base \(short): another gate is building it; waiting …")
            while flock(lock, LOCK_EX | LOCK_NB) != 0 {
                if shouldStop() { throw UsageError("interrupted while waiting for another gate's build of base \(short)") }
                usleep(200_000)
            }
        }
        let bench = folder + "/build/release/bench", finished = folder + "/built"
        if FileManager.default.fileExists(atPath: finished), FileManager.default.isExecutableFile(atPath: bench) {
            note("base \(short): reusing the build in \(folder)")
            return BaseBuild(commit: commit, bench: bench)
        }
        try? FileManager.default.removeItem(atPath: folder)
        var done = false
        defer { if !done { try? FileManager.default.removeItem(atPath: folder) } }
        let source = folder + "/source"
        do { try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true) } catch {
            throw UsageError("\(folder): cannot make the base's build folder (\(error.localizedDescription))")
        }
        note("base \(short): exporting the commit and building it for release (a minute or two) …")
        let export = try run("/bin/sh",
                             ["-c",
                              "git -C \"$1\" \(safeGitOptions.joined(separator: " ")) archive --format=tar \"$2\" | "
                              + "tar -x -C \"$3\""
                                         + " && printf '%s\\n' \"$2\" >\"$3/.source-commit\"", "export", repository,
                                         commit, source],
                             timeout: 300, what: "export base \(short)", shouldStop: shouldStop)
        guard export.exitStatus == 0 else { throw failure("git archive of base \(short) failed", export, log: nil) }
        let log = paired + "/" + short + ".log"
        // How long the last base build here took, for an estimate of what is left.
        let lastSeconds = (try? String(contentsOfFile: paired + "/last-build-seconds", encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let started = Date()
        var lastTick = started
        let build = try run("/usr/bin/env",
                            ["swift", "build", "-c", "release", "--package-path", source, "--build-path",
                             folder + "/build", "--product", "bench"], timeout: timeout, what: "build base \(short)",
                            shouldStop: {
            if Date().timeIntervalSince(lastTick) >= 1 {
                lastTick = Date()
                let elapsed = lastTick.timeIntervalSince(started)
                ticking("base \(short): building for release · \(Format.duration(elapsed)) elapsed"
                        + (lastSeconds.map { "; the last base build here took \(Format.duration($0))" } ?? ""))
            }
            return shouldStop()
        })
        _ = FileManager.default.createFile(atPath: log, contents: build.standardOutput + build.standardError)
        guard build.exitStatus == 0, FileManager.default.isExecutableFile(atPath: bench) else {
            throw failure("base \(short) does not build here (too old for this toolchain or these libraries?)", build,
                          log: log)
        }
        _ = FileManager.default.createFile(atPath: finished, contents: Data())
        _ = FileManager.default.createFile(atPath: paired + "/last-build-seconds",
                                           contents: Data(String(Date().timeIntervalSince(started)).utf8))
        note("base \(short): built in \(Format.duration(Date().timeIntervalSince(started)))")
        done = true
        return BaseBuild(commit: commit, bench: bench)
    }

    /// The top folder of the git work tree holding `directory`.
    public static func repository(containing directory: String) throws(UsageError) -> String {
        let outcome = try git(["rev-parse", "--show-toplevel"], in: directory)
        let top = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.exitStatus == 0, !top.isEmpty else {
            throw UsageError("\(directory) is not inside a git repository; the paired gate builds the base from its "
                             + "history (or give --base-bench PATH)")
        }
        return top
    }

    static func git(_ arguments: [String], in directory: String) throws(UsageError) -> ChildOutcome {
        try run("/usr/bin/env", ["git", "-C", directory] + safeGitOptions + arguments, timeout: 120, what: "run git")
    }

    /// git without the checkout's filesystem monitor, hooks or optional locks: reading history runs nothing the
    /// repository's config names.
    static let safeGitOptions = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "--no-optional-locks"]

    /// Whether `revision` is a commit hash, full or abbreviated (7 to 40 hex digits), not a name that moves.
    public static func isCommitHash(_ revision: String) -> Bool {
        (7...40).contains(revision.count) && revision.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    static func run(_ executable: String, _ arguments: [String], timeout: Double, what: String,
                    shouldStop: () -> Bool = { false }) throws(UsageError) -> ChildOutcome {
        let outcome: ChildOutcome
        do { outcome = try ChildProcess.run(executable, arguments, timeout: timeout, shouldStop: shouldStop) } catch {
            throw UsageError("could not \(what): \(error)")
        }
        if outcome.interrupted { throw UsageError("interrupted: \(what) was stopped, and its folder removed") }
        if outcome.timedOut { throw UsageError("\(what) took longer than \(Int(timeout)) s and was stopped") }
        return outcome
    }

    /// One line: `what`, the last line that names an error (or the last line), and the log.
    static func failure(_ what: String, _ outcome: ChildOutcome, log: String?) -> UsageError {
        let lines = String(decoding: outcome.standardOutput + outcome.standardError, as: UTF8.self).split(separator: "\n").map(String.init)
        let last = lines.last(where: { $0.contains("error:") }) ?? lines.last ?? "no output"
        return UsageError("\(what): \(last.trimmingCharacters(in: .whitespaces))" + (log.map { "; the whole log is in \($0)" } ?? ""))
    }
}
