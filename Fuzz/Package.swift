// swift-tools-version: 6.0
// The libFuzzer targets, in a package of their own that depends on the library by path, so
// that the library's module graph is stated once (in ../Package.swift). Build and run them
// with tools/fuzz: `swift build --package-path Fuzz --sanitize fuzzer --sanitize address`.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which a clone may call anything.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "TouchGesturesFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The trace reader: any bytes, either encoding.
        .executableTarget(name: "ReaderFuzz", dependencies: [
            .product(name: "TouchGestures", package: library), .product(name: "TouchTrace", package: library),
            .product(name: "TouchReplay", package: library),
        ]),
        // The evemu-record reader and the import into a trace.
        .executableTarget(name: "EvemuFuzz", dependencies: [
            .product(name: "TouchGestures", package: library), .product(name: "TouchTrace", package: library),
            .product(name: "TouchEvdev", package: library), .product(name: "TouchRecordings", package: library),
        ]),
        // The evdev decoder: kernel events on four kinds of device.
        .executableTarget(name: "DecoderFuzz", dependencies: [
            .product(name: "TouchGestures", package: library), .product(name: "TouchTrace", package: library),
            .product(name: "TouchEvdev", package: library),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
