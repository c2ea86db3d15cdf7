// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package of its own that measures a player of its own with GIF Frame Bench, which it depends on by path. A package
// found by path is known by its folder's name, so the product is asked of whatever the checkout's folder is called;
// a package depending on a released GIF Frame Bench names "GIFFrameBench" instead.
let benchPackage = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("../..").standardized.lastPathComponent

let package = Package(
    name: "custom-player",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "custom-player", dependencies: [.product(name: "GIFFrameBench", package: benchPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
