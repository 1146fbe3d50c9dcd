// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TouchGestures",
    products: [
        .library(name: "TouchGestures", targets: ["TouchGestures"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "TouchInput", targets: ["TouchInput"]),
        .executable(name: "touchtrace", targets: ["touchtrace"]),
        .executable(name: "touch-demo", targets: ["touch-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The recognizer core: geometry, touches, recognizers, list model. No Foundation.
        .target(name: "TouchGestures"),
        // Trace format v1: reading, writing, validating, expectations. Foundation allowed.
        .target(name: "TouchTrace", dependencies: ["TouchGestures"]),
        // libevdev, through pkg-config; Debian's libevdev-dev provides it.
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Linux input: evdev events → frames (one decoder for devices and recordings), evemu
        // import, and live devices through libevdev.
        .target(name: "TouchInput", dependencies: ["TouchGestures", "TouchTrace", "CLibevdev"]),
        .executableTarget(
            name: "touchtrace",
            dependencies: [
                "TouchGestures", "TouchTrace", "TouchInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live demo: a list in the terminal driven by a touchscreen, or by a trace played at
        // its real speed (the bundled demo session when there is no touchscreen).
        .executableTarget(
            name: "touch-demo",
            dependencies: [
                "TouchGestures", "TouchTrace", "TouchInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/demo-session.json")]
        ),
        // Counts heap allocations for the benchmark by wrapping glibc's malloc family.
        .target(name: "CAllocCounter"),
        .executableTarget(name: "touch-bench", dependencies: ["TouchGestures", "TouchTrace", "CAllocCounter"]),
        .testTarget(name: "TouchGesturesTests", dependencies: ["TouchGestures"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchGestures", "TouchTrace", "touchtrace", "touch-demo"]),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchGestures", "TouchTrace", "TouchInput"]),
    ],
    swiftLanguageModes: [.v6]
)
