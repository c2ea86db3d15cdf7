// swift-tools-version:6.0
// The fuzz target, a package of its own so that sanitizer flags apply to it and not to the main build:
//   cd Tests/Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Tests/Fuzz/run.sh builds it and runs it for a given time.
import PackageDescription

let package = Package(
    name: "GIFFuzz",
    dependencies: [.package(name: "GIFFrameBench", path: "../..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "gif-fuzz",
            dependencies: [
                "FuzzDriver",
                .product(name: "GIFCodec", package: "GIFFrameBench"),
                .product(name: "FrameDecoders", package: "GIFFrameBench"),
                .product(name: "ImageCache", package: "GIFFrameBench"),
                .product(name: "WebPCodec", package: "GIFFrameBench"),
            ]
        ),
        // Differential: the fast LZW decoder against giflib's (Tests/Fuzz/run.sh --target lzw-diff).
        .executableTarget(
            name: "lzw-diff",
            dependencies: ["FuzzDriver", .product(name: "GIFCodec", package: "GIFFrameBench")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
