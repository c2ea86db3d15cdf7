import BuildProvenance
import Foundation
import Testing

/// Issue 47: bench names the code that measured, recorded when it was built, and runs nothing the folder it is
/// started from could name: git there is never run.
extension HostilePathTests {
    /// A git repository whose config runs `touch MARKER` whenever git reads its work tree (`core.fsmonitor`).
    static func trappedRepository() throws -> (folder: String, marker: String) {
        let folder = path("trapped"), marker = folder + ".ran"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try BenchProgram.run([], shell: "cd '\(folder)' && git init -q . && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m x"
                                            + " && git config core.fsmonitor 'touch \(marker); false' && git status >/dev/null 2>&1; test -e '\(marker)'")
        #expect(made.status == 0, "the trap does not spring for git itself: \(made.errors)")
        try? FileManager.default.removeItem(atPath: marker)
        return (folder, marker)
    }

    @Test("bench started in a repository whose config names a command runs nothing of it, and records its own build's commit")
    func noGitInTheFolder() throws {
        let (folder, marker) = try Self.trappedRepository()
        let version = try BenchProgram.run(["--version"], in: folder)
        #expect(version.status == 0, "\(version.errors)")
        let run = try BenchProgram.run(["run", "--gif", Self.gif, "--decoders", "eager", "--repetitions", "1", "--out", folder + "/out"], in: folder)
        #expect(run.status == 0, "\(run.errors.suffix(400))")
        #expect(!FileManager.default.fileExists(atPath: marker), "bench ran the folder's core.fsmonitor")
        let recorded = try BenchProgram.report(in: folder + "/out").metadata.gitCommit
        #expect(recorded == BuildProvenance.sourceCommit, "results.json names \(recorded ?? "none"), not the build's commit")
        #expect(version.output.contains("commit: \(BuildProvenance.sourceCommit ?? "unknown")"), "\(version.output)")
    }

    @Test("the build's commit is the package's HEAD, -dirty when its sources differ from it, an untracked source included")
    func buildCommitIsThePackages() throws {
        let root = BuildProvenance.packageDirectory
        let git = "git -C '\(root)' -c core.fsmonitor=false --no-optional-locks"
        let head = try BenchProgram.run([], shell: "\(git) rev-parse --short=12 HEAD")
        guard head.status == 0 else { return }  // built from an exported tree: nothing to compare with
        let changes = try BenchProgram.run([], shell: "\(git) status --porcelain --untracked-files=all -- Package.swift Sources Plugins")
        let expected = head.output.trimmingCharacters(in: .whitespacesAndNewlines) + (changes.output.isEmpty ? "" : BuildProvenance.dirtySuffix)
        #expect(BuildProvenance.sourceCommit == expected)
    }
}
