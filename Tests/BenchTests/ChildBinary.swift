import Foundation
import TestFixtures

/// The `bench-case` program that `swift test` builds beside the test bundle.
enum ChildBinary {
    static var path: String? { program("bench-case") }

    /// A program of this package, built beside the test bundle.
    static func program(_ name: String) -> String? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path,
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(name).path
            }) ?? "",
            Fixtures.packageRoot.appendingPathComponent(".build/release/\(name)").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var fixtureGIF: String { Fixtures.directory.appendingPathComponent("src-giflib__fire.gif").path }
}
