import Foundation
import TestFixtures

/// The `bench-case` program that `swift test` builds beside the test bundle.
enum ChildBinary {
    static var path: String? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench-case").path,
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("bench-case").path
            }) ?? "",
            Fixtures.packageRoot.appendingPathComponent(".build/release/bench-case").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var fixtureGIF: String { Fixtures.directory.appendingPathComponent("src-giflib__fire.gif").path }
}
