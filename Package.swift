// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TouchGestures",
    products: [
        .library(name: "TouchGestures", targets: ["TouchGestures"]),
        .library(name: "TouchList", targets: ["TouchList"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "TouchReplay", targets: ["TouchReplay"]),
        .library(name: "TouchEvdev", targets: ["TouchEvdev"]),
        .library(name: "TouchRecordings", targets: ["TouchRecordings"]),
        .library(name: "TouchInput", targets: ["TouchInput"]),
        // The C library (tools/clib links it with the Swift runtime inside, as libtouchgestures).
        .library(name: "touchgestures", type: .dynamic, targets: ["TouchGesturesC"]),
        .executable(name: "touchtrace", targets: ["touchtrace"]),
        .executable(name: "touch-demo", targets: ["touch-demo"]),
        .executable(name: "touch-gestured", targets: ["touch-gestured"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The recognizer core: geometry, touches, recognizers, the arena. No Foundation, no list.
        .target(name: "TouchGestures", dependencies: ["CPlatform"]),
        // The platform layer: the C functions, types and constants the modules take from the
        // system, in one module, so that the host build and the Embedded Swift build for the
        // phones (tools/cross) compile the same sources.
        .target(name: "CPlatform", exclude: ["embedded"]),
        // The platform layer's Swift face, as swift-system gives one: a call retried after
        // EINTR, a file descriptor that closes itself. Over CPlatform, which it re-exports.
        .target(name: "TouchPlatform", dependencies: ["CPlatform"]),
        // The headless list the gestures drive, and the controller that joins them. No Foundation.
        .target(name: "TouchList", dependencies: ["TouchGestures", "CPlatform"]),
        // Trace format v1: reading, writing, validating, the gestures' outputs, expectations.
        // Below the list: the daemon and the evdev readers use it without one.
        .target(name: "TouchTrace", dependencies: ["TouchGestures", "CJSONStructure", "CPlatform", "TouchPlatform"]),
        // A trace replayed through the list: the list `scene.list` describes, the list's
        // outputs in the format, the replay. On top of the format and the list.
        .target(name: "TouchReplay", dependencies: ["TouchGestures", "TouchList", "TouchTrace"]),
        // Where a JSON array ends, found 64 bytes at a time (SSE2, or eight bytes in a word).
        .target(name: "CJSONStructure"),
        // libevdev, through pkg-config; Debian's libevdev-dev provides it.
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Kernel input without the kernel: evdev events → frames, one decoder for devices and
        // recordings. Pure Swift, no libevdev and no trace format: the live path (TouchInput)
        // links no JSON reader. Fuzzed directly (Fuzz/).
        .target(name: "TouchEvdev", dependencies: ["TouchGestures"]),
        // Recordings of kernel events: the evemu-record and libinput-record readers, and
        // recordings ↔ traces (through TouchEvdev's decoder). Fuzzed directly (Fuzz/).
        .target(name: "TouchRecordings", dependencies: ["TouchGestures", "TouchTrace", "TouchEvdev"]),
        // Live touchscreens through libevdev, decoded by TouchEvdev.
        .target(name: "TouchInput", dependencies: ["TouchGestures", "TouchEvdev", "CLibevdev", "CPlatform", "TouchPlatform"]),
        // The C API (include/touchgestures.h): a thin layer over the engine, the list, the
        // replay and the daemon's bindings, for C, C++, Python and Rust callers. No Foundation.
        .target(name: "TouchGesturesC", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "GestureBindings", "CPlatform"],
                exclude: ["include"]),
        // What the command-line tools share and no library user needs: the synth language,
        // SVG rendering, statistics, velocity tables, human-readable output. Not a product.
        .target(name: "TouchTools", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "CPlatform"]),
        .executableTarget(
            name: "touchtrace",
            dependencies: [
                "TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchRecordings", "TouchInput", "TouchTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Each file imports the modules whose members it uses (SE-0444), held by the compiler.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The live demo: a list in the terminal driven by a touchscreen, or by a trace played at
        // its real speed (the bundled demo session when there is no touchscreen).
        .executableTarget(
            name: "touch-demo",
            dependencies: [
                "TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchInput", "TouchTools", "CSDL2", "CPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The gesture daemon's rules, apart from its system calls: bindings, the configuration
        // file, lisgd's -g flags, and which binding each gesture runs. No Foundation. Not a product.
        .target(name: "GestureBindings", dependencies: ["TouchGestures", "TouchTrace", "CPlatform"]),
        // SDL2 and SDL2_ttf for touch-demo's graphical view; Debian's libsdl2-dev and libsdl2-ttf-dev.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]),
        // signalfd and inotify, which Glibc's module does not export.
        .target(name: "CDaemonSystem"),
        // The gesture daemon: touchscreens in, commands out; sleeps in the kernel when idle. No
        // ArgumentParser and no Foundation: it stays resident, and small (BENCHMARKS.md).
        .executableTarget(
            name: "touch-gestured",
            dependencies: [
                "TouchGestures", "TouchEvdev", "TouchRecordings", "TouchTrace", "TouchInput", "GestureBindings", "CDaemonSystem", "CPlatform", "TouchPlatform",
            ]
        ),
        // Counts heap allocations for the benchmark by wrapping glibc's malloc family.
        .target(name: "CAllocCounter"),
        .executableTarget(name: "touch-bench", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchTools", "CAllocCounter", "CPlatform", "TouchPlatform"]),
        // The golden corpus, described (traces/Corpus): `swift run touch-corpus` writes traces/.
        .executableTarget(name: "touch-corpus", dependencies: ["TouchGestures", "TouchTrace", "TouchTools", "TouchTestSupport"],
                          path: "traces/Corpus"),
        // What the test suites share: scripted touches, the usual panel, one-line logs, and the
        // list's rules as reference functions (the oracle the corpus is computed with).
        .target(name: "TouchTestSupport", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchPlatform"], path: "Tests/TouchTestSupport"),
        .testTarget(name: "TouchGesturesTests", dependencies: ["TouchGestures", "TouchTestSupport", "TouchPlatform"]),
        .testTarget(name: "TouchPlatformTests", dependencies: ["TouchPlatform"]),
        .testTarget(name: "TouchListTests", dependencies: ["TouchGestures", "TouchList", "TouchTestSupport", "TouchPlatform"]),
        // The C library's published numbers, held to its header.
        .testTarget(name: "TouchGesturesCTests", dependencies: ["TouchGesturesC", "TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "GestureBindings", "TouchTestSupport"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchTools", "TouchTestSupport", "touchtrace", "touch-demo", "TouchPlatform"]),
        // The daemon and the C library's bindings side by side (DaemonBesideLibraryTests).
        .testTarget(name: "GestureBindingsTests", dependencies: ["GestureBindings", "TouchGestures", "TouchTrace", "TouchTools", "TouchTestSupport", "touch-gestured", "TouchGesturesC", "TouchPlatform"]),
        .testTarget(name: "TouchEvdevTests", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchRecordings", "TouchTools", "TouchTestSupport"]),
        .testTarget(name: "TouchRecordingsTests", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchRecordings", "TouchTools", "TouchTestSupport"]),
        .testTarget(name: "TouchToolsTests", dependencies: ["TouchGestures", "TouchList", "TouchTrace", "TouchReplay", "TouchEvdev", "TouchTools", "TouchTestSupport"]),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchEvdev", "TouchInput"]),
    ],
    swiftLanguageModes: [.v6]
)
