import BenchCLI
import BenchPlan
import Foundation

/// Every file a command line names, read or written, gathered before any command parses its arguments: one check,
/// for every command, that no output is an input (a GIF, a baseline, thresholds, a player file, the record a
/// `--confirm` folder holds, a program), another output, or a file of the report folder `--out` names. The
/// commands check their own defaults again as they parse.
enum CommandFiles {
    /// Flags whose value is a file the command reads (or a folder of GIFs, every file in it read).
    static let readFlags = ["--gif", "--player-file", "--thresholds", "--baseline", "--current", "--gate",
                            "--base-bench"]
    /// Flags whose value is a file the command writes.
    static let writeFlags = ["--summary", "--save-baseline", "--export-bmf", "--export-github-benchmark"]
    /// Files of a folder of GIFs looked at, at most: a folder holding more is still read, but an output is compared
    /// with these only.
    static let folderFilesLooked = 100_000

    /// Throws one line when an output named on `arguments` would overwrite an input or another output.
    static func check(_ arguments: ArgumentList) throws(UsageError) {
        var reads: [(what: String, path: String)] = []
        for flag in readFlags {
            for path in arguments.peek(flag) {
                reads.append((description(of: flag, path), path))
                reads += filesInFolder(path).map { ("the input \($0) (in \(flag) \(path))", $0) }
            }
        }
        for folder in arguments.peek("--confirm") {
            let record = (folder as NSString).appendingPathComponent("regressions.tsv")
            reads.append(("--confirm \(folder)'s regressions.tsv", record))
        }
        let writes = writeFlags.flatMap { flag in arguments.peek(flag).map { (flag: flag, path: $0) } }
        let out = arguments.peek("--out").last.map { (flag: "--out", path: $0) }
        guard !writes.isEmpty || out != nil else { return }
        try Destinations.check(writes: writes, reportFolder: out, reads: reads, collisionsOnly: true)
    }

    /// How an error names the input `flag` gives.
    private static func description(of flag: String, _ path: String) -> String {
        switch flag {
        case "--gif": "the input \(path)"
        case "--gate": "--gate's baseline"
        case "--player-file": "--player-file \(path)"
        default: flag
        }
    }

    /// The regular files under `path` when it is a folder (links to files included), none otherwise.
    private static func filesInFolder(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let walk = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while files.count < folderFilesLooked, let name = walk.nextObject() as? String {
            let file = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(file) }
        }
        return files
    }
}
