/// The version of the package's tools, printed by `touchtrace --version` and
/// `touch-demo --version`: the one place it is written. Semantic versioning; below 1.0 the
/// library API may still change between minor versions.
public let touchGesturesVersion = "0.1.0"
