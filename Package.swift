// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Sanitizer builds set GIF_FRAME_BENCH_NO_JEMALLOC=1: ThreadSanitizer and AddressSanitizer bring their own allocator,
/// and jemalloc replacing malloc beside it corrupts both. MemoryProbe then finds no jemalloc and refuses to measure.
let linkJemalloc = ProcessInfo.processInfo.environment["GIF_FRAME_BENCH_NO_JEMALLOC"] == nil

/// CI's ThreadSanitizer pass sets GIF_FRAME_BENCH_TEST_TARGETS to the test targets it runs (a comma-separated list),
/// so that its sanitized build compiles those alone: BenchTests, which drives child processes a sanitizer in the test
/// process cannot see, is most of the build. Every other build has every test target.
let testTargetsWanted = ProcessInfo.processInfo.environment["GIF_FRAME_BENCH_TEST_TARGETS"].map { Set($0.split(separator: ",").map(String.init)) }

let testTargets: [Target] = [
    .testTarget(name: "GIFCodecTests", dependencies: ["GIFCodec", "GIFCorpus", "MemoryProbe", "TestFixtures"]),
    .testTarget(name: "WebPCodecTests", dependencies: ["GIFCodec", "WebPCodec", "TestFixtures"]),
    .testTarget(name: "FrameDecodersTests", dependencies: ["FrameDecoders", "GIFCodec", "GIFCorpus", "MemoryProbe", "PlayerModels", "TestFixtures", "WebPCodec"]),
    .testTarget(name: "MemoryProbeTests", dependencies: ["MemoryProbe", "TestFixtures"]),
    .testTarget(name: "ImageCacheTests", dependencies: ["ImageCache", "GIFCodec", "FrameDecoders", "TestFixtures", "WebPCodec"]),
    .testTarget(name: "BenchTests", dependencies: ["BuildProvenance", "BenchCommands", "BenchReplay", "BenchPlan", "BenchReports", "BenchRunning", "BenchVerdicts", "BenchCore", "Playback", "CaseModel", "FrameDecoders", "GIFCodec", "BenchCLI", "GIFCorpus", "MemoryProbe", "PairedRunning", "PlayerModels", "PosixThreads", "SystemFiles", "TestFixtures"]),
].filter { testTargetsWanted?.contains($0.name) ?? true }

/// Every target of the package. A build for a few test targets (GIF_FRAME_BENCH_TEST_TARGETS) keeps only what those
/// need, so the sanitizer build compiles neither the harness's modules nor its executables.
let allTargets: [Target] = [
        .systemLibrary(
            name: "CGif",
            path: "Sources/CGif",
            providers: [.apt(["libgif-dev"])]
        ),
        .systemLibrary(
            name: "CJemalloc",
            path: "Sources/CJemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            path: "Sources/CWebP",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(name: "CPosix", path: "Sources/CPosix"),
        .plugin(name: "SourceCommit", capability: .buildTool(), path: "Plugins/SourceCommit"),
        .target(name: "BuildProvenance", plugins: ["SourceCommit"]),
        .systemLibrary(name: "CValgrind", path: "Sources/CValgrind"),
        .target(name: "PosixThreads", dependencies: ["CPosix"]),
        .target(name: "SystemFiles"),
        .target(name: "GIFCodec", dependencies: ["CGif", "PosixThreads", "SystemFiles"]),
        .target(name: "GIFCorpus", dependencies: ["GIFCodec"]),
        .target(name: "WebPCodec", dependencies: ["CWebP", "GIFCodec"]),
        .target(name: "FrameDecoders", dependencies: ["GIFCodec", "PosixThreads", "WebPCodec"]),
        // The players of image libraries, each transcribed from its source as a retention rule, and a player file's.
        .target(name: "PlayerModels", dependencies: ["FrameDecoders", "GIFCodec"]),
        .target(
            name: "MemoryProbe",
            dependencies: ["CJemalloc", "PosixThreads"],
            linkerSettings: linkJemalloc ? [.linkedLibrary("jemalloc")] : []
        ),
        .target(name: "ImageCache", dependencies: ["GIFCodec", "SystemFiles", "WebPCodec"]),
        // A case and its result as data, the one vocabulary parent and child share (and the JSON they cross in);
        // BenchCore plays a case in the measuring child.
        .target(name: "CaseModel", dependencies: ["FrameDecoders", "GIFCodec", "MemoryProbe", "PlayerModels"]),
        // The real-time player, its playhead and display clock, and the feed's player: the child plays them on the
        // real clock, the replay on a virtual one.
        .target(name: "Playback", dependencies: ["CaseModel", "FrameDecoders", "GIFCodec", "MemoryProbe", "PosixThreads"]),
        .target(name: "BenchCore", dependencies: ["CaseModel", "Playback", "CPosix", "CValgrind", "FrameDecoders", "GIFCodec", "MemoryProbe", "PosixThreads", "WebPCodec"]),
        // The parent's library, by concept, each layer on the ones above it (ARCHITECTURE.md): what to run, running it,
        // judging the figures (pure), and writing them down.
        .target(name: "BenchPlan", dependencies: ["CaseModel", "FrameDecoders", "GIFCodec", "GIFCorpus", "ImageCache", "MemoryProbe", "PlayerModels", "SystemFiles", "WebPCodec"]),
        // Settings played on a virtual clock from each frame's traced decode cost, through the real-time player.
        .target(name: "BenchReplay", dependencies: ["BenchPlan", "CaseModel", "FrameDecoders", "GIFCodec", "Playback"]),
        .target(name: "BenchRunning", dependencies: ["BuildProvenance", "BenchReplay", "BenchPlan", "CaseModel", "FrameDecoders", "GIFCodec", "GIFCorpus", "ImageCache", "MemoryProbe", "SystemFiles"]),
        // The paired gate's runner: the base built, warm workers of both sides, their passes paired A B A B.
        .target(name: "PairedRunning", dependencies: ["BenchPlan", "BenchRunning", "CaseModel", "SystemFiles"]),
        .target(name: "BenchVerdicts", dependencies: ["BenchPlan", "BenchRunning", "PairedRunning", "CaseModel", "FrameDecoders", "GIFCodec", "GIFCorpus", "ImageCache", "MemoryProbe", "SystemFiles"]),
        .target(name: "BenchReports", dependencies: ["BenchReplay", "BenchPlan", "BenchRunning", "PairedRunning", "BenchVerdicts", "CaseModel", "FrameDecoders", "GIFCodec", "GIFCorpus", "ImageCache", "MemoryProbe", "SystemFiles"]),
        .target(name: "BenchCLI", dependencies: ["CaseModel", "BenchPlan", "GIFCodec"]),
        // `bench speed`: decoding throughput of each codec and decoder, against a C loop over giflib.
        .target(name: "BenchSpeed", dependencies: ["BenchCLI", "BenchPlan", "BenchRunning", "CaseModel", "FrameDecoders",
                                                   "GIFCodec", "GiflibBaseline", "MemoryProbe", "SystemFiles"]),
        .executableTarget(
            name: "bench-case",
            dependencies: ["BenchCore", "CaseModel"],
            path: "Benchmarks/bench-case",
            // No Foundation and a static Swift runtime: a measuring child starts at about 5 MiB of RSS
            // instead of about 20 MiB of shared-library pages, so peak RSS shows the decoder, not the loader.
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]
        ),
        .target(name: "GiflibBaseline", dependencies: ["CGif"], path: "Benchmarks/GiflibBaseline"),
        // The commands of `bench`, as a library: the `bench` executable and a harness of another package both call it.
        .target(
            name: "BenchCommands",
            dependencies: ["BenchCLI", "BuildProvenance", "CaseModel", "BenchPlan", "BenchReplay", "BenchReports", "BenchRunning", "BenchSpeed", "BenchVerdicts", "CPosix", "FrameDecoders", "GIFCodec", "GIFCorpus",
                           "MemoryProbe", "PairedRunning", "PlayerModels", "SystemFiles", "WebPCodec"]
        ),
        .target(name: "GIFFrameBench", dependencies: ["BenchCLI", "BenchCommands", "BenchCore", "CaseModel", "BenchPlan", "BenchReports", "BenchRunning", "BenchVerdicts", "FrameDecoders", "GIFCodec"]),
        .executableTarget(name: "bench", dependencies: ["BenchCommands", "bench-case"], path: "Benchmarks/bench"),
        .target(name: "TestFixtures", dependencies: ["GIFCodec", "GIFCorpus", "MemoryProbe"], path: "Tests/TestFixtures"),
] + testTargets

/// The targets `wanted` depend on among `allTargets`, themselves included.
func closure(of wanted: Set<String>, in allTargets: [Target]) -> Set<String> {
    var needed = wanted, pending = Array(wanted)
    while let name = pending.popLast() {
        let target = allTargets.first(where: { $0.name == name })
        for dependency in target?.dependencies ?? [] {
            if case .byNameItem(let other, _) = dependency, needed.insert(other).inserted { pending.append(other) }
        }
        // The build tool plugins a target uses (BuildProvenance's SourceCommit) are targets it needs too.
        for usage in target?.plugins ?? [] {
            if case .plugin(let plugin, nil) = usage, needed.insert(plugin).inserted { pending.append(plugin) }
        }
    }
    return needed
}
let neededTargets = testTargetsWanted.map { closure(of: $0, in: allTargets) }

let allProducts: [Product] = [
        .library(name: "GIFCodec", targets: ["GIFCodec"]),
        .library(name: "WebPCodec", targets: ["WebPCodec"]),
        .library(name: "GIFCorpus", targets: ["GIFCorpus"]),
        .library(name: "FrameDecoders", targets: ["FrameDecoders"]),
        .library(name: "MemoryProbe", targets: ["MemoryProbe"]),
        .library(name: "ImageCache", targets: ["ImageCache"]),
        .library(name: "BenchPlan", targets: ["BenchPlan"]),
        .library(name: "BenchRunning", targets: ["BenchRunning"]),
        .library(name: "BenchVerdicts", targets: ["BenchVerdicts"]),
        .library(name: "BenchReports", targets: ["BenchReports"]),
        .library(name: "SystemFiles", targets: ["SystemFiles"]),
        // The harness for another package's players: its executable calls `Harness.main` (docs/custom-players.md).
        .library(name: "GIFFrameBench", targets: ["GIFFrameBench"]),
        .executable(name: "bench", targets: ["bench"]),
]

let package = Package(
    name: "GIFFrameBench",
    platforms: [.macOS(.v15)],
    // A build for a few test targets builds no product: the tests need none.
    products: neededTargets == nil ? allProducts : [],
    targets: allTargets.filter { neededTargets?.contains($0.name) ?? true },
    swiftLanguageModes: [.v6]
)
