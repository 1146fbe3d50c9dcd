// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TouchGestures",
    products: [
        .library(name: "TouchGestures", targets: ["TouchGestures"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .executable(name: "touchtrace", targets: ["touchtrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The recognizer core: geometry, touches, recognizers, list model. No Foundation.
        .target(name: "TouchGestures"),
        // Trace format v1: reading, writing, validating, expectations. Foundation allowed.
        .target(name: "TouchTrace", dependencies: ["TouchGestures"]),
        .executableTarget(
            name: "touchtrace",
            dependencies: [
                "TouchGestures", "TouchTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Counts heap allocations for the benchmark by wrapping glibc's malloc family.
        .target(name: "CAllocCounter"),
        .executableTarget(name: "touch-bench", dependencies: ["TouchGestures", "TouchTrace", "CAllocCounter"]),
        .testTarget(name: "TouchGesturesTests", dependencies: ["TouchGestures"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchGestures", "TouchTrace", "touchtrace"]),
    ],
    swiftLanguageModes: [.v6]
)
