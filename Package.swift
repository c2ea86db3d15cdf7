// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GIFFrameBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GIFCodec", targets: ["GIFCodec"]),
        .library(name: "FrameDecoders", targets: ["FrameDecoders"]),
        .library(name: "MemoryProbe", targets: ["MemoryProbe"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
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
        .target(name: "GIFCodec", dependencies: ["CGif"]),
        .target(name: "FrameDecoders", dependencies: ["GIFCodec"]),
        .target(name: "MemoryProbe", dependencies: ["CJemalloc"]),
        .target(name: "BenchKit", dependencies: ["FrameDecoders", "GIFCodec", "MemoryProbe"]),
        .target(name: "GiflibBaseline", dependencies: ["CGif"], path: "Benchmarks/GiflibBaseline"),
        .executableTarget(name: "bench", dependencies: ["BenchKit", "GiflibBaseline"], path: "Benchmarks/bench"),
        .target(name: "TestFixtures", dependencies: ["GIFCodec"], path: "Tests/TestFixtures"),
        .testTarget(name: "GIFCodecTests", dependencies: ["GIFCodec", "TestFixtures"]),
        .testTarget(name: "FrameDecodersTests", dependencies: ["FrameDecoders", "GIFCodec", "MemoryProbe", "TestFixtures"]),
        .testTarget(name: "MemoryProbeTests", dependencies: ["MemoryProbe"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
